"""Layouts a KB may write its lists in, read as the "Label: value" lines and "METRIC - SCOPE - YEAR" captions the fact
readers know, every line keeping its place (and length) in the text.

Why a module of its own: three readers meet the same text — the fact readers (:mod:`mpa.facts`), the definitions of
the units a KB prices (:mod:`mpa.counted`), and the offline agent's passage reader — and each must read a layout alike.
The layouts, each a habit of plain-text KBs written by different hands:

* a dotted leader between a label and its value ("Average Nightly Rate ..... $62", "Booked stay ........ one paid
  online reservation") is a colon;
* a caption with a kind word and pipes between its parts ("BENCHMARK: COST PER PAID DEPOSIT | ALL CHANNELS | 2025",
  "RATE CARD: DOOR HANGERS | PER THOUSAND DOORS | 2025") is the caption "COST PER PAID DEPOSIT - 2025": its parts
  joined by dashes, a part saying every channel left out (a blended figure names no platform);
* a row of cells joined by pipes, each a label and its figure ("Average ticket: $420 | Deposit held: $100",
  "Instagram 45% | Google search 25%"), is one list line per cell — not a table, which starts with a pipe or has cells
  with no figure ("Search | 22-30% | 1.00");
* "AT A GLANCE: CUSTOM TATTOO STUDIO" (or "SNAPSHOT:", "FACT SHEET:") over such cells is that business's profile;
* a glossary term on a line of its own with its definition indented under it ("PAID DEPOSIT" / "    means: a studio
  booking …") is the line "PAID DEPOSIT: a studio booking …";
* a glossary written as questions and answers ("ASKED: What is a booked outing?" / "ANSWERED: One party's paid …",
  "Q: What does "back within a year" measure?" / "A: …") is the line "booked outing: One party's paid …" — a term of a
  few words only ("What is the smallest budget worth running …?" asks for advice, not a name), its other name said
  in brackets ("What is CPM, also written cost per thousand impressions?": "CPM (cost per thousand impressions)");
* pairs written "key => value", two or three to a line apart by " ; " ("tour ticket per adult => $89 ; tour ticket per
  child => $69"), are one "key: value" list line each, as the cells above are;
* a record kept as a program keeps it ("PROFILE: bouldering_gym" over "  day_pass   = $22" lines) is that business's
  profile of "Day pass: $22" lines.
"""
from __future__ import annotations

import re
from functools import lru_cache

_DOTTED = re.compile(r"(?m)^([^\n.]*[A-Za-z)%])( ?\.{4,} ?)(?=\S)")
# "BENCHMARK: CPC | GOOGLE ADS | 2025": a kind word in capitals, then capital parts between pipes
_PIPED_CAPTION = re.compile(r"(?m)^[A-Z][A-Z ]{1,30}: ([A-Z0-9$][^\na-z]*? \| [^\na-z]*)$")
_EVERY_CHANNEL = re.compile(r"ALL (?:CHANNELS|PLATFORMS|SOURCES|MEDIA)|BLENDED|EVERY CHANNEL")
# a cell: a label and its figure, "Deposit held: $100" or "Instagram 45%"
_CELL = re.compile(r"[A-Za-z][^:|\n]{0,40}?(?::\s*|\s+)(?:[A-Z]{0,3}[$€£])?\d[^|\n]*")
_CELLS = re.compile(r"(?m)^(?![ \t]*\|)([^\n|]+(?: \| [^\n|]+)+)$")
_TERM_MEANS = re.compile(r"(?m)^([A-Z][A-Z0-9 '&/-]{1,50}[A-Z0-9])\n[ \t]+(?:means|definition|defined as):")
_PROFILE_HEADS = ("AT A GLANCE", "SNAPSHOT", "FACT SHEET", "KEY FIGURES", "KEY NUMBERS", "BY THE NUMBERS",
                  "IN (?:ITS|THEIR) OWN (?:NUMBERS|FIGURES)")  # over a business's own figures
_GLANCE = re.compile(rf"(?m)^(?:{'|'.join(_PROFILE_HEADS)}): ([A-Z][A-Z0-9 &'\-]{{2,60}})$")
# "PROFILE: bouldering_gym" over "  day_pass   = $22" lines: a record written as a program would keep it
_SNAKE_HEAD = re.compile(rf"(?m)^(?:PROFILE|{'|'.join(_PROFILE_HEADS)}): ([a-z][a-z0-9_]{{2,60}})$")
_KEY_VALUE = re.compile(r"(?m)^([ \t]*)([a-z][a-z0-9]*(?:_[a-z0-9]+)+)( *)= (?=\S)")
_ASKED = re.compile(r"(?m)^(?:Q|QUESTION|ASKED): +What (?:is|are|does) (?:an? |the )?[\"“]?(?P<term>[A-Za-z][\w'-]*(?: [\w'-]+){0,4}?)"
                    r"[\"”]?(?:, also (?:written|called|known as) (?P<other>[a-z][\w' -]{1,40}))?(?: measure| mean| count)?\?\n"
                    r"(?:A|ANSWER|ANSWERED): +(?=[A-Za-z])")
_GLANCE_WORDS = ("AT A GLANCE: ", "SNAPSHOT: ", "FACT SHEET: ", "KEY ", "NUMBERS: ", "FIGURES: ")  # what _GLANCE needs
# "guides on every tour => 2 people ; tours a day in peak weeks => 9": pairs, " ; " between them
_ARROWS = re.compile(r"(?m)^([^\n=;|]{2,60} => [^\n;]+(?: ; [^\n=;]{2,60} => [^\n;]+)*)$")
_MEANS_WORDS = ("means:", "definition:", "defined as:")  # what _TERM_MEANS needs


def dotted_as_colon(text: str) -> str:
    """``text`` with each dotted leader written as a colon and spaces of its length ("Average Nightly Rate: … $62")."""
    return _DOTTED.sub(lambda m: m.group(1) + ":" + " " * (len(m.group(2)) - 1), text)


def _caption(m: re.Match) -> str:
    parts = [p.strip() for p in m.group(1).split("|")]
    return " - ".join(p for p in parts if p and not _EVERY_CHANNEL.fullmatch(p)).ljust(len(m.group(0)))


def _cells(m: re.Match) -> str:
    cells = m.group(1).split(" | ")
    return m.group(1).replace(" | ", "\n- ") if all(_CELL.fullmatch(c.strip()) for c in cells) else m.group(0)


@lru_cache(maxsize=4096)  # of a whole KB text (the definitions are searched again on every turn that names a unit) and of
# each passage the reader splits into units (passages.units: ~20,000 calls a test run, ~2,000 texts; 256 kept ~1 in 4)
def readable(text: str) -> str:
    """``text`` with each layout of the module doc written as the lines the fact readers know, same length."""
    # each layout read only where the words it needs are written (the passages' units read ~5,000 texts, most with none)
    text = dotted_as_colon(text) if "...." in text else text
    if any(w in text for w in _GLANCE_WORDS):
        text = _GLANCE.sub(lambda m: f"{m.group(1)} PROFILE".ljust(len(m.group(0))), text)
    if " = " in text:
        text = _SNAKE_HEAD.sub(lambda m: f"{m.group(1).replace('_', ' ').upper()} PROFILE".ljust(len(m.group(0))), text)
        text = _KEY_VALUE.sub(lambda m: m.group(1) + m.group(2).replace("_", " ").capitalize() + ":" + " " * (len(m.group(3)) + 1), text)
    if "?\n" in text:
        text = _ASKED.sub(lambda m: (m.group("term") + (f" ({m.group('other')})" if m.group("other") else "") + ": ").ljust(
            len(m.group(0))), text)
    if " => " in text:
        text = _ARROWS.sub(lambda m: m.group(1).replace(" ; ", "\n- ").replace(" => ", ":   "), text)
    if any(w in text for w in _MEANS_WORDS):
        text = _TERM_MEANS.sub(lambda m: f"{m.group(1)}:".ljust(len(m.group(0))), text)
    return _CELLS.sub(_cells, _PIPED_CAPTION.sub(_caption, text)) if " | " in text else text
