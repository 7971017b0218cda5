"""The package's frozen dataclasses as plain data and back: the form the on-disk cache keeps.

A cache file is data that whoever can write to the project folder may have made (a committed
`.cache`, an unpacked archive, a shared `cache_dir`), so it is never read with `pickle`, which
calls whatever the file names. A `Codec` is derived from a dataclass's type annotations: a
record is an array of its fields in declared order, a date its day number, a tuple an array,
a mapping a map with text keys, so that msgpack packs and unpacks it in C. Decoding builds
only the dataclasses that the root's annotations reach, and checks the type of every value
on the way (`DecodeError` otherwise): nothing in the data names a type or a function.

Records of a `shared` type (a topic is one object in the topic index, in each of its papers'
topics and in each relation that names it) are written once and then referred to by their
number in the order written, and read back as one object again, as pickle kept them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import operator
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

__all__ = ["Codec", "DecodeError"]

Shared = dict[int, int] | list[Any]
"""While encoding, each shared record's number by its `id`; while decoding, the records by number."""
Convert = Callable[[Any, Any], Any]
"""A value and the `Shared` table of this call to its converted form."""


class DecodeError(ValueError):
    """The data is not what the codec's type annotations describe."""


class Codec:
    """Converts values of the dataclass `root` (leaving out the fields in `given`, which
    `decode` takes as arguments) to plain data and back."""

    def __init__(self, root: type, given: Sequence[str] = (), shared: frozenset[type] = frozenset()) -> None:
        self.root = root
        self.shared = shared
        self._records: dict[type, tuple[Convert, Convert]] = {}
        self._fields = [field.name for field in dataclasses.fields(root) if field.name not in given]
        hints = typing.get_type_hints(root)
        self._encoders, self._decoders = zip(*(self._pair(hints[name]) for name in self._fields), strict=True)

    @property
    def size(self) -> int:
        """How many fields an encoded value has."""
        return len(self._fields)

    def encode(self, value: Any) -> tuple[Any, ...]:
        return tuple(self.encoded_fields(value))

    def encoded_fields(self, value: Any) -> Iterator[Any]:
        """`encode`'s fields one at a time, so that a writer may pack each and let it go
        before the next is made."""
        table: dict[int, int] = {}
        for name, encode in zip(self._fields, self._encoders, strict=True):
            yield encode(getattr(value, name), table)

    def decode(self, data: Any, **given: Any) -> Any:
        if type(data) is not tuple or len(data) != len(self._fields):
            raise DecodeError(f"array of {len(self._fields)} expected")
        table: list[Any] = []
        decoded = (decode(value, table) for decode, value in zip(self._decoders, data, strict=True))
        return self.root(**given, **dict(zip(self._fields, decoded, strict=True)))

    def _pair(self, hint: Any) -> tuple[Convert, Convert]:
        """The encoder and decoder of values of type `hint`."""
        origin, arguments = typing.get_origin(hint), typing.get_args(hint)
        if hint in _SCALARS:
            return _same, _Scalar(frozenset({hint}))
        if hint is dt.date:
            return _day_number, _day
        if origin in (types.UnionType, typing.Union) and len(arguments) == 2 and type(None) in arguments:
            (inner,) = (argument for argument in arguments if argument is not type(None))
            return _optional(*self._pair(inner))
        if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
            return _tuple(*self._pair(arguments[0]))
        if origin in (Mapping, dict) and arguments[0] is str:
            return _mapping(*self._pair(arguments[1]))
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            return self._record(hint)
        raise TypeError(f"no plain form for {hint!r}")

    def _record(self, cls: type) -> tuple[Convert, Convert]:
        if cls not in self._records:
            names = [field.name for field in dataclasses.fields(cls)]
            hints = typing.get_type_hints(cls)
            encode, decode = _fields(cls, names, [self._pair(hints[name]) for name in names])
            if cls in self.shared:
                encode, decode = _shared(encode, decode)
            self._records[cls] = (encode, decode)
        return self._records[cls]


_SCALARS = (str, bytes, int, float, bool)


def _same(value: Any, table: Any) -> Any:
    return value


class _Scalar:
    """The decoder of a scalar of one of `kinds` (exactly: a `bool` is no `int` here), kept as
    it is. Tuples and records check all of theirs in one pass, in C: a call for each would
    take most of the decoding."""

    def __init__(self, kinds: frozenset[type]) -> None:
        self.kinds = kinds

    def __call__(self, data: Any, table: Any) -> Any:
        if type(data) not in self.kinds:
            raise DecodeError(f"{' or '.join(sorted(kind.__name__ for kind in self.kinds))} expected")
        return data


def _day_number(value: dt.date, table: Any) -> int:
    return value.toordinal()


def _day(data: Any, table: Any) -> dt.date:
    if type(data) is not int or not 1 <= data <= dt.date.max.toordinal():
        raise DecodeError(f"day number expected, not {data!r}")
    return dt.date.fromordinal(data)


def _optional(encode: Convert, decode: Convert) -> tuple[Convert, Convert]:
    if isinstance(decode, _Scalar):
        return _same, _Scalar(decode.kinds | {type(None)})
    return (
        lambda value, table: None if value is None else encode(value, table),
        lambda data, table: None if data is None else decode(data, table),
    )


def _tuple(encode: Convert, decode: Convert) -> tuple[Convert, Convert]:
    if isinstance(decode, _Scalar):  # text or numbers: packed as they are
        kinds = decode.kinds

        def decode_scalars(data: Any, table: Any) -> tuple[Any, ...]:
            if type(data) is not tuple or not {*map(type, data)} <= kinds:
                raise DecodeError("a scalar of another type")
            return data

        return _same, decode_scalars

    def decode_records(data: Any, table: Any) -> tuple[Any, ...]:
        if type(data) is not tuple:
            raise DecodeError("array expected")
        if data and {*map(type, data)} == {int} and min(data) >= 0 and max(data) < len(table):
            return tuple(map(table.__getitem__, data))  # shared records written before
        return tuple([decode(item, table) for item in data])

    return (lambda value, table: tuple([encode(item, table) for item in value])), decode_records


def _mapping(encode: Convert, decode: Convert) -> tuple[Convert, Convert]:
    def decode_mapping(data: Any, table: Any) -> dict[str, Any]:
        if type(data) is not dict or not {*map(type, data)} <= {str}:
            raise DecodeError("map with text keys expected")
        return {key: decode(item, table) for key, item in data.items()}

    return (lambda value, table: {key: encode(item, table) for key, item in value.items()}), decode_mapping


def _fields(cls: type, names: list[str], pairs: list[tuple[Convert, Convert]]) -> tuple[Convert, Convert]:
    """A record as the array of its fields: scalars as they are, checked in one pass, the
    others converted one by one."""
    size = len(names)
    scalars = [i for i, (_, decode) in enumerate(pairs) if isinstance(decode, _Scalar)]
    kinds = [typing.cast(_Scalar, pairs[i][1]).kinds for i in scalars]
    pick = _picker(scalars)
    encoders = [(i, encode) for i, (encode, _) in enumerate(pairs) if encode is not _same]
    decoders = [(i, decode) for i, (_, decode) in enumerate(pairs) if i not in scalars]
    get = _picker(names, operator.attrgetter)

    def encode(value: Any, table: Any) -> tuple[Any, ...]:
        fields = get(value)
        if not encoders:
            return fields
        converted = list(fields)
        for i, convert in encoders:
            converted[i] = convert(converted[i], table)
        return tuple(converted)

    def decode(data: Any, table: Any) -> Any:
        if type(data) is not tuple or len(data) != size:
            raise DecodeError(f"array of {size} expected")
        if not all(map(frozenset.__contains__, kinds, map(type, pick(data)))):  # in C: no call a field
            raise DecodeError("a field of another type")
        if not decoders:
            return cls(*data)
        converted = list(data)
        for i, convert in decoders:
            converted[i] = convert(converted[i], table)
        return cls(*converted)

    return encode, decode


def _picker(
    keys: Sequence[Any], getter: Callable[..., Any] = operator.itemgetter
) -> Callable[[Any], tuple[Any, ...]]:
    """`getter(*keys)`, which always gives a tuple (the getter gives a single item bare)."""
    if len(keys) >= 2:
        return getter(*keys)
    if len(keys) == 1:
        one = getter(keys[0])
        return lambda value: (one(value),)
    return lambda value: ()


def _shared(encode: Convert, decode: Convert) -> tuple[Convert, Convert]:
    """A record written whole the first time, then as its number (numbered once what it
    holds is: such records hold none of their own kind, so no number is taken while one
    is being read)."""

    def encode_shared(value: Any, table: dict[int, int]) -> Any:
        number = table.get(id(value))
        if number is not None:
            return number
        encoded = encode(value, table)
        table[id(value)] = len(table)
        return encoded

    def decode_shared(data: Any, table: list[Any]) -> Any:
        if type(data) is int:
            if not 0 <= data < len(table):
                raise DecodeError(f"no record numbered {data} before")
            return table[data]
        table.append(decoded := decode(data, table))
        return decoded

    return encode_shared, decode_shared
