"""Fixed-width tables: a header row of column names and rows of cells set under them, two spaces or more apart.

Why a module of its own: such a table cannot be rewritten in place as the lines the fact readers know
(:mod:`mpa.layout`), since one row holds a figure for each of several columns ("KIND OF STUDIO  COST PER TRIAL
SHOW-UP RATE"). The reader here finds the table by its layout alone — a header line of two cells or more, then rows
whose cells sit under the header's columns (a figure set flush right under its column still belongs to it) — and
reads each column as the list the fact readers know: the column's name is the list's caption ("CPM ON META": the
metric and the platform), each row a "- Row: figure" line. The facts keep the spans of the table's own rows.

* Rows are businesses only when the first header cell says so ("KIND OF STUDIO", "TYPE OF BUSINESS", "INDUSTRY");
  a first header naming a kind of place ("TOWN", "CITY", "COUNTY") makes the rows places and the columns of plain
  counts audiences ("RESIDENTS"; "AGED 18 TO 34" counts the residents of that age, "OWNER-OCCUPIED" the households).
* A table declared in words is read alike: a "rows: what the rows are" line and a "columns: a | b" line, then rows
  written "label: cell | cell" ("people who go river tubing: from $9 to $14 | from 78 to 86%"); a rows line naming a
  business or a trade ("rows: who the business serves", "rows: trades") makes the rows businesses, and a cell "from X
  to Y" is the range "X to Y", and a column named "CPC on Google Ads" is the caption "CPC - GOOGLE ADS".
* Records one to a line, their fields apart by " ; ", under a line naming the fields ("record format: size ; price
  per week ; fewest weeks sold" over "quarter page ; $35-to-$52 ; 13 weeks") are a table too, its header that line.
* A dash cell ("—", "-", "n/a", "none sold") states no figure; a footnote marker after a cell ("$34–48 [1]") points to the
  "[1] …" note under the table, kept as the fact's note.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from mpa.fact_text import Fact, fact_unit, number_range

_CELL = re.compile(r"\S+(?: \S+)*")  # a cell: words one space apart; two spaces or more end it
_FIGURE = re.compile(r"\d")
_NOT_HEADER = re.compile(r"^[^\w]*\d|[$€£%|]|^[-*•]")  # a header names columns: no figures, no bullet or pipe
_MARK = re.compile(r"\s*\[(\d{1,2})\]\s*$")
_NOTE = re.compile(r"(?m)^\[(\d{1,2})\]\s+(.+(?:\n[ \t]+\S.*)*)")
_NO_FIGURE = re.compile(r"[—–-]+|n/?a|none(?: [a-z]+)?|not available", re.I)
# a first header saying the rows are kinds of business, or places
_BUSINESS_ROWS = re.compile(r"(?:kind|type|sort)s? of \w.*|vertical|industry|sector|business(?: type)?|category",
                            re.I)
_PLACE_ROWS = re.compile(r"towns?|city|cities|count(?:y|ies)|states?|regions?|markets?|metros?|provinces?|districts?|"
                         r"countr(?:y|ies)|places?|areas?|dmas?|neighbou?rhoods?|geography|location", re.I)
# "rows: trades" / "columns: cost per first drop-off | back within a year": a table declared in words
_DECLARED = re.compile(r"(?m)^rows: *([^\n|:]{2,60})\ncolumns: *([^\n:]+\|[^\n:]+)\n")
_DECLARED_ROW = re.compile(r"^([^:|]{2,80}): +(\S[^|]*(?: \| [^|]+)+)$")
_DECLARED_BUSINESS = re.compile(r"\b(?:business(?:es)?|trades?|kinds? of|types? of|industr(?:y|ies)|verticals?|sectors?)\b",
                                re.I)
_RECORD_HEAD = re.compile(r"(?m)^(?:record )?(?:format|fields|layout): *([^\n;]+(?: ; [^\n;]+)+)\n")
_ON_PLATFORM = re.compile(r"^(.+?) on ((?:[A-Z][\w.&'-]*)(?: [A-Z][\w.&'-]*){0,3})$")  # "CPC on Google Ads"
_FROM_TO = re.compile(r"^from +(?=\S+ +to +\S)", re.I)  # "from $9 to $14": the range "$9 to $14"
_AFTER_NOUN = re.compile(r"(?:aged|with|without|who|that|in|over|under|between|from|of)\b", re.I)


@dataclass
class Table:
    header: list[tuple[int, str]]                  # (column start, name)
    rows: list[tuple[int, int, list[str]]]         # (offset, length, one cell per column; "" for none)
    header_line: str = ""


def _cells(line: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _CELL.finditer(line)]


def _row(line: str, starts: list[int]) -> list[str] | None:
    """The row's cells by column: each cell goes to the last column starting before it ends; None when two cells
    meet in one column or the first cell is not under the first column."""
    out = [""] * len(starts)
    last = -1
    for s, e, cell in _cells(line):
        col = max(i for i, c in enumerate(starts) if c < e)
        if col <= last or (col == 0 and s != starts[0]):
            return None
        out[col], last = cell, col
    return out if last >= 1 and out[0] else None


def _declared(text: str) -> list[Table]:
    """Every table declared in words (module doc): its rows line is the first column's name ("business" when it names
    businesses), its columns line the other columns' names, each "label: cell | cell" line under them a row."""
    out = []
    for m in _DECLARED.finditer(text):
        names = [_ON_PLATFORM.sub(r"\1 - \2", n.strip()) for n in m.group(2).split("|")]  # the caption "CPC - GOOGLE ADS"
        first = "business" if _DECLARED_BUSINESS.search(m.group(1)) else m.group(1).strip()
        rows, off = [], m.end()
        for line in text[off:].split("\n"):
            row = _DECLARED_ROW.match(line)
            cells = [row.group(1).strip()] + [_FROM_TO.sub("", c.strip()) for c in row.group(2).split(" | ")] if row else []
            if len(cells) != len(names) + 1:
                break
            rows.append((off, len(line), cells))
            off += len(line) + 1
        if len(rows) >= 2:
            out.append(Table([(0, first)] + [(0, n.upper()) for n in names], rows, m.group(0)[:-1]))  # captions
    return out


def _records(text: str) -> list[Table]:
    """Every table of records under a line naming their fields (module doc)."""
    out = []
    for m in _RECORD_HEAD.finditer(text):
        names = [n.strip() for n in m.group(1).split(" ; ")]
        rows, off = [], m.end()
        for line in text[off:].split("\n"):
            cells = [c.strip() for c in line.split(" ; ")]
            if len(cells) != len(names) or not all(cells):
                break
            rows.append((off, len(line), cells))
            off += len(line) + 1
        if len(rows) >= 2:
            out.append(Table([(0, n.upper()) for n in names], rows, m.group(0)[:-1]))
    return out


def tables(text: str) -> list[Table]:
    """Every fixed-width table of ``text``: a flush-left header of two cells or more, then two rows or more under it
    (up to a blank line) with a figure in a column after the first."""
    lines = text.split("\n")
    offs, off = [], 0
    for line in lines:
        offs.append(off)
        off += len(line) + 1
    out, i = [], 0
    while i < len(lines) - 2:
        head = _cells(lines[i])
        if len(head) < 2 or head[0][0] != 0 or any(_NOT_HEADER.search(c) for _, _, c in head):
            i += 1
            continue
        starts = [s for s, _, _ in head]
        rows, j = [], i + 1
        while j < len(lines) and lines[j].strip() and (cells := _row(lines[j], starts)) is not None:
            rows.append((offs[j], len(lines[j]), cells))
            j += 1
        if len(rows) >= 2 and (j == len(lines) or not lines[j].strip()) and any(
                _FIGURE.search(c) for _, _, cells in rows for c in cells[1:]):
            out.append(Table([(s, c) for s, _, c in head], rows, lines[i]))
            i = j
        else:
            i += 1
    return out + (_declared(text) if "\ncolumns:" in text else []) + (_records(text) if " ; " in text else [])


def audience_named(names: list[str], col: int) -> str:
    """A count column's audience: its own name, or the first count column's noun it narrows ("AGED 18 TO 34" after
    "RESIDENTS": residents aged 18 to 34; "OWNER-OCCUPIED" after "HOUSEHOLDS": owner-occupied households)."""
    name, first = names[col], names[1]
    if col > 1 and _AFTER_NOUN.match(name):
        name = f"{first} {name}"
    elif col > 1 and " " not in name and not name.lower().endswith("s"):  # one word, no plural noun: a modifier
        name = f"{name} {first}"
    return name.title() if name.isupper() else name


def _named_by_header(source: str, name: str, rows: list[tuple[int, int, list[str]]], col: int) -> list[Fact]:
    """A column of prices or shares whose name no caption reader reads as a metric ("back within a year"): the
    figure the header names, in the header's words, of each row's business."""
    out = []
    for row_off, length, cells in rows:
        value = _MARK.sub("", cells[col]).strip()
        unit = fact_unit(value)
        if value and not _NO_FIGURE.fullmatch(value) and unit in ("$", "%"):
            low, high = number_range(value)
            out.append(Fact("benchmark", cells[0], value, low, high, unit, source, row_off, row_off + length,
                            form="column", vertical=cells[0], metric=" ".join(name.lower().split())))
    return out


def table_facts(source: str, text: str, extract_facts: Callable[[str, str], list[Fact]]) -> list[Fact]:
    """The facts of every fixed-width table in ``text`` whose rows are businesses (one list per figure column, read by
    the list reader ``extract_facts``: :func:`mpa.facts.extract_facts`, which reads this module's tables) or places
    (one audience per count column)."""
    notes = {n: " ".join(t.split()) for n, t in _NOTE.findall(text)}
    out: list[Fact] = []
    for t in tables(text):
        names = [n for _, n in t.header]
        if _BUSINESS_ROWS.fullmatch(names[0]):
            for col in range(1, len(names)):
                lines, spans, off = [names[col].upper()], [], len(names[col]) + 1  # a caption, in any case written
                for row_off, length, cells in t.rows:
                    cell = cells[col]
                    mark = _MARK.search(cell)
                    value = cell[:mark.start()] if mark else cell
                    if not value or _NO_FIGURE.fullmatch(value.strip()):
                        continue
                    note = f" [{notes[mark.group(1)]}]" if mark and mark.group(1) in notes else ""
                    line = f"- {cells[0]}: {value}{note}"
                    spans.append((off, off + len(line), row_off, length))
                    lines.append(line)
                    off += len(line) + 1
                read = extract_facts(source, "\n".join(lines) + "\n") or _named_by_header(source, names[col], t.rows, col)
                for f in read:
                    at = next(((o, n) for a, b, o, n in spans if a <= f.start < b), None)
                    if at:
                        f.start, f.end = at[0], at[0] + at[1]
                    if at or f.form == "column":
                        out.append(f)
        elif _PLACE_ROWS.fullmatch(names[0]):
            for col in range(1, len(names)):
                audience = audience_named(names, col)
                for row_off, length, cells in t.rows:
                    value = _MARK.sub("", cells[col])
                    if not re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", value):
                        continue
                    size = float(value.replace(",", ""))
                    out.append(Fact("audience", cells[0], value, size, size, "people", source, row_off,
                                    row_off + length, form="list", geography=cells[0], audience=audience))
    return out


@lru_cache(maxsize=1024)  # the reader asks again for every passage on every turn that searches it
def as_lists(text: str) -> str:
    """``text`` with each fixed-width table whose rows are neither businesses nor places (a rate card's placements:
    those are the look-up tools' facts) written as one "- Row: cell" list per column after the first, under the
    column's name as its caption (for a reader of lists and sentences, not of spans: the length changes)."""
    found = sorted(tables(text), key=lambda t: t.rows[0][0]) if "   " in text or " ; " in text or "\ncolumns:" in text else []
    for t in reversed(found):  # from the end: the earlier tables' offsets hold
        names = [n for _, n in t.header]
        if _BUSINESS_ROWS.fullmatch(names[0]) or _PLACE_ROWS.fullmatch(names[0]):
            continue
        lists = "\n\n".join("\n".join([names[col]] + [f"- {cells[0]}: {cells[col]}" for _, _, cells in t.rows
                                                      if cells[col] and not _NO_FIGURE.fullmatch(cells[col])])
                            for col in range(1, len(names)))
        start = t.rows[0][0] - len(t.header_line) - 1
        end = t.rows[-1][0] + t.rows[-1][1]
        text = text[:start] + "\n" + lists + text[end:]
    return text
