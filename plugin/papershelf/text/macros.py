"""What LaTeX macros in listing text stand for, in Unicode: tables the readers and the
exports share.

Accent commands and letter macros work both ways: `papershelf.snapshots.latex` decodes them
and `papershelf.export.characters` writes the same letters back with the same tables.
"""

from __future__ import annotations

__all__ = [
    "ACCENT_MARKS",
    "ESCAPES",
    "JOURNAL_MACROS",
    "LETTER_MACROS",
    "NAMED_MACROS",
    "SYMBOL_ACCENTS",
    "TEXT_COMMANDS",
]

# Accent commands -> Unicode combining marks (export.latex writes them back the same way).
ACCENT_MARKS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
}
SYMBOL_ACCENTS = frozenset("'`^\"~=.")
"""The accent commands named by a symbol (`\\'a`); the others are letters (`\\c{c}`)."""
# Letters that are macros in plain LaTeX, both ways: decoded by the reader, written by export.latex.
LETTER_MACROS = {
    "o": "ø",
    "O": "Ø",
    "ss": "ß",
    "aa": "å",
    "AA": "Å",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "j": "ȷ",
}
# Letters and symbols that are whole macros, as the reader decodes them.
NAMED_MACROS = {
    **LETTER_MACROS,
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "dj": "đ",
    "DJ": "Đ",
    "ldots": "…",
    "dots": "…",
    "textellipsis": "…",
    "textendash": "–",
    "textemdash": "—",
    "LaTeX": "LaTeX",
    "TeX": "TeX",
    "textquoteright": "’",
    "textquoteleft": "‘",
    "textquotesingle": "'",
    "textquotedbl": '"',
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "textasciitilde": "~",
    "textasciicircum": "^",
    "textbackslash": "\\",
    "S": "§",
    "P": "¶",
    "copyright": "©",
    "textregistered": "®",
    "texttrademark": "™",
    "pounds": "£",
    "euro": "€",
    "textdegree": "°",
    "times": "×",
    "quad": " ",
    "qquad": " ",
    "hyp": "-",  # biblatex's hyphen that lets the words beside it break
    "slash": "/",
    "textunderscore": "_",
    "textless": "<",
    "textgreater": ">",
    "textbar": "|",
}
# The AAS journal macros that ADS writes in a `.bib` file's `journal` (`journal = {\apj}`),
# each the journal it stands for, as ADS's list of them names it.
JOURNAL_MACROS = {
    "aj": "The Astronomical Journal",
    "actaa": "Acta Astronomica",
    "araa": "Annual Review of Astronomy and Astrophysics",
    "apj": "The Astrophysical Journal",
    "apjl": "The Astrophysical Journal Letters",
    "apjs": "The Astrophysical Journal Supplement Series",
    "ao": "Applied Optics",
    "apss": "Astrophysics and Space Science",
    "aap": "Astronomy and Astrophysics",
    "aapr": "Astronomy and Astrophysics Review",
    "aaps": "Astronomy and Astrophysics Supplement Series",
    "azh": "Astronomicheskii Zhurnal",
    "baas": "Bulletin of the American Astronomical Society",
    "caa": "Chinese Astronomy and Astrophysics",
    "cjaa": "Chinese Journal of Astronomy and Astrophysics",
    "icarus": "Icarus",
    "jcap": "Journal of Cosmology and Astroparticle Physics",
    "jrasc": "Journal of the Royal Astronomical Society of Canada",
    "memras": "Memoirs of the Royal Astronomical Society",
    "mnras": "Monthly Notices of the Royal Astronomical Society",
    "na": "New Astronomy",
    "nar": "New Astronomy Reviews",
    "pra": "Physical Review A",
    "prb": "Physical Review B",
    "prc": "Physical Review C",
    "prd": "Physical Review D",
    "pre": "Physical Review E",
    "prl": "Physical Review Letters",
    "pasa": "Publications of the Astronomical Society of Australia",
    "pasp": "Publications of the Astronomical Society of the Pacific",
    "pasj": "Publications of the Astronomical Society of Japan",
    "rmxaa": "Revista Mexicana de Astronomía y Astrofísica",
    "qjras": "Quarterly Journal of the Royal Astronomical Society",
    "skytel": "Sky and Telescope",
    "solphys": "Solar Physics",
    "sovast": "Soviet Astronomy",
    "ssr": "Space Science Reviews",
    "zap": "Zeitschrift für Astrophysik",
    "nat": "Nature",
    "iaucirc": "IAU Circulars",
    "aplett": "Astrophysics Letters",
    "apspr": "Astrophysics Space Physics Research",
    "bain": "Bulletin of the Astronomical Institutes of the Netherlands",
    "fcp": "Fundamentals of Cosmic Physics",
    "gca": "Geochimica et Cosmochimica Acta",
    "grl": "Geophysical Research Letters",
    "jcp": "The Journal of Chemical Physics",
    "jgr": "Journal of Geophysical Research",
    "jqsrt": "Journal of Quantitative Spectroscopy and Radiative Transfer",
    "memsai": "Memorie della Società Astronomica Italiana",
    "nphysa": "Nuclear Physics A",
    "physrep": "Physics Reports",
    "physscr": "Physica Scripta",
    "planss": "Planetary and Space Science",
    "procspie": "Proceedings of the SPIE",
}
# Citations in an abstract (`In \\cite{SXY}, the authors show`): the keys are all a reader
# gets, shown as a reference marker is, `[SXY]`.
CITATIONS = frozenset(
    {"cite", "citep", "citet", "citealt", "citealp", "citeauthor", "parencite", "autocite", "textcite"}
)
# Commands whose single argument is ordinary text: keep the text, drop the formatting.
TEXT_COMMANDS = frozenset(
    {
        "emph",
        "textit",
        "textbf",
        "textsc",
        "texttt",
        "textrm",
        "textsf",
        "textup",
        "textmd",
        "textsl",
        "underline",
        "mbox",
        "text",
        "textnormal",
        "uline",
        "url",
        "href",  # with its address and its text, `papershelf.snapshots.latex` keeps the text
    }
)
# Font declarations (`{\em i)}`, as arXiv's older abstracts write): they change the look of
# the rest of their group, which stays; the declaration itself goes. So does `\relax`.
FONT_DECLARATIONS = frozenset(
    {"em", "it", "bf", "sl", "sc", "rm", "tt", "sf", "itshape", "bfseries", "scshape", "upshape"}
    | {"mdseries", "slshape", "normalfont", "ttfamily", "rmfamily", "sffamily"}
    | {"relax"}  # does nothing: INSPIRE writes `{\relax Yu}` so that bibtex reads one initial
)
# `\&` and the like: escaped characters, `\,` (a thin space), and what only guides TeX's
# typesetting: `\-` (where a word may break), `\/` (italic correction), `\@` (spacing).
ESCAPES = {
    "&": "&",
    "%": "%",
    "#": "#",
    "_": "_",
    "{": "{",
    "}": "}",
    " ": " ",
    ",": "\u2009",
    "-": "",
    "/": "",
    "@": "",
}
