"""Publication dates written in any locale's long (or medium) date format -> `datetime.date`.

`parse_date` reads a date string without knowing its language (`parsing`), with the month
names of every CLDR locale (`months`, built from each locale's words by `locales`, all
split into `tokens` alike); `read_date` judges what it read as a listing's reader must
(`reading`): implausible dates become unknown, ambiguous ones are read day first.
`parse_mail_date` reads an e-mail's or a feed's RFC 822 date.
"""

from papershelf.snapshots.dates.parsing import parse_date, parse_mail_date
from papershelf.snapshots.dates.reading import DateReading, read_date

__all__ = ["DateReading", "parse_date", "parse_mail_date", "read_date"]
