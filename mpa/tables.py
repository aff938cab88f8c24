"""Read the knowledge base's Markdown tables as data.

Benchmark tables (``| Metric | Low | Typical | High | When it applies |`` in
``benchmarks-<vertical>.md``) and the audience sizing table
(``| Audience | Geography | Base population | Qualifiers applied | Estimated size | Method |``)
are the single source of truth for numbers: ``get_benchmark``/``get_audience_sizing`` read
them here instead of hoping search surfaces the right line, and the KB consistency test
checks prose against them.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable, Iterator

# The system side's one number reader (the offline agent builds its message parser on these; the
# scorers keep their own on purpose): digits with thousands separators, a decimal part, and a
# magnitude word. "b" is a billion only beside a currency sign ("3 b" is rarely a billion).
DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
MAGNITUDE_WORD = r"k|mm|m|bn|b|thousand|million|billion|grand"
MAGNITUDES = {"k": 1e3, "thousand": 1e3, "grand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9,
              "billion": 1e9}
_NUM = re.compile(rf"({DIGITS})(?:\s?({MAGNITUDE_WORD})\b)?", re.I)
# the currency signs a figure may carry: one class for the whole system side (agent + mpa), so a sign added is read
# everywhere at once; the scorers keep their own (scorers.text.CURRENCY) — one reader per side (issue #13)
CURRENCY_SIGNS = "$€£¥₹₩₺₽₱₪₦"  # (won, lira, rouble, peso, shekel, naira: "₩4,800-6,200")
CURRENCY = f"[{CURRENCY_SIGNS}]"
NOT_DOLLAR = f"[{CURRENCY_SIGNS.replace('$', '')}]"  # a sign that is money where "$" is not written


def number_value(digits: str, magnitude: str | None = None, money: bool = False) -> float:
    """The value of a number token: "1,800" → 1800; ("6.7", "million") → 6.7e6; ("3", "b") → 3
    unless it is money."""
    mag = (magnitude or "").lower()
    if mag == "b" and not money:
        mag = ""
    return float(digits.replace(",", "")) * MAGNITUDES.get(mag, 1.0)


def parse_number(text: str) -> float | None:
    """First number in ``text`` as a float: "$1,800" → 1800, "0.9%" → 0.9, "2.5x" → 2.5,
    "3.0:1" → 3.0, "6.7 million" → 6.7e6, "694,000" → 694000."""
    m = _NUM.search(text or "")
    if not m:
        return None
    return number_value(m.group(1), m.group(2), money="$" in text[:m.start()])


def parse_range(text: str) -> tuple[float, float] | None:
    """"$30–$55" → (30, 55); "2.5:1–3.5:1" → (2.5, 3.5); a single value → (v, v)."""
    parts = re.split(r"\s*[–—-]\s*(?=" + CURRENCY + r"?\d)", (text or "").strip())
    nums = []
    for p in parts[:2]:
        p = re.sub(r":1\b", "", p)
        v = parse_number(p)
        if v is not None:
            nums.append(v)
    if not nums:
        return None
    return (nums[0], nums[-1])


def unit_of(text: str) -> str:
    t = text or ""
    if "$" in t:
        return "$"
    if "%" in t:
        return "%"
    if ":1" in t:
        return ":1"
    if re.search(r"\dx\b", t):
        return "x"
    return ""


@dataclass
class TableRow:
    source: str
    start: int  # char offset of the row in the source document
    cells: dict[str, str]


def line_offsets(text: str) -> tuple[list[str], list[int]]:
    """The lines of ``text`` and the char offset where each starts."""
    lines = text.split("\n")
    offsets, pos = [], 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    return lines, offsets


def iter_tables(text: str, source: str) -> Iterator[list[TableRow]]:
    """Yield each Markdown table of ``text`` as a list of rows keyed by header cell."""
    lines, offsets = line_offsets(text)
    i = 0
    while i < len(lines) - 1:
        if lines[i].lstrip().startswith("|") and re.match(r"^\s*\|?\s*:?-{3,}", lines[i + 1]):
            header = _cells(lines[i])
            rows, j = [], i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                cells = _cells(lines[j])
                if len(cells) == len(header):
                    rows.append(TableRow(source, offsets[j], dict(zip(header, cells))))
                j += 1
            yield rows
            i = j
        else:
            i += 1


def _cells(line: str) -> list[str]:
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


class Row:
    """A table row as a JSON-able dict (tool results and eval records carry rows as data)."""

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class BenchmarkRow(Row):
    vertical: str
    metric: str  # canonical code, e.g. "CAC", "LTV:CAC"
    metric_name: str  # the table's label, e.g. "CAC (customer acquisition cost)"
    low: str
    typical: str
    high: str
    when: str
    typical_low: float | None
    typical_high: float | None
    low_value: float | None
    high_value: float | None
    unit: str
    source: str
    start: int


def vertical_of(source: str) -> str | None:
    m = re.match(r"(?:.*/)?benchmarks-(.+)\.(?:md|txt)$", source)
    if not m or m.group(1) in ("methodology",):
        return None
    return m.group(1)


def benchmark_rows(docs: Iterable[tuple[str, str]]) -> list[BenchmarkRow]:
    """All benchmark rows from ``(source, text)`` pairs."""
    out = []
    for source, text in docs:
        vertical = vertical_of(source)
        if vertical is None:
            continue
        for table in iter_tables(text, source):
            for row in table:
                c = row.cells
                if not {"Metric", "Low", "Typical", "High"} <= set(c):
                    continue
                metric = c["Metric"].split("(")[0].strip()
                rng = parse_range(c["Typical"]) or (None, None)
                out.append(BenchmarkRow(
                    vertical=vertical, metric=metric, metric_name=c["Metric"], low=c["Low"], typical=c["Typical"],
                    high=c["High"], when=c.get("When it applies", ""), typical_low=rng[0], typical_high=rng[1],
                    low_value=parse_number(re.sub(r":1\b", "", c["Low"])),
                    high_value=parse_number(re.sub(r":1\b", "", c["High"])),
                    unit=unit_of(c["Typical"]), source=source, start=row.start,
                ))
    return out


@dataclass
class AudienceRow(Row):
    audience: str
    geography: str
    base_population: str
    qualifiers: str
    estimated_size: str
    size: float | None
    method: str
    source: str
    start: int


def audience_rows(docs: Iterable[tuple[str, str]]) -> list[AudienceRow]:
    out = []
    for source, text in docs:
        for table in iter_tables(text, source):
            for row in table:
                c = row.cells
                if not {"Audience", "Geography", "Estimated size"} <= set(c):
                    continue
                out.append(AudienceRow(
                    audience=c["Audience"], geography=c["Geography"], base_population=c.get("Base population", ""),
                    qualifiers=c.get("Qualifiers applied", ""), estimated_size=c["Estimated size"],
                    size=parse_number(c["Estimated size"]), method=c.get("Method", ""), source=source, start=row.start,
                ))
    return out


def read_kb_texts(kb_dir: str | Path) -> list[tuple[str, str]]:
    """(source, text) for every Markdown/text file of a KB directory (tests and tools that
    have no engine at hand)."""
    kb = Path(kb_dir)
    return [(p.relative_to(kb).as_posix(), p.read_text(encoding="utf-8", errors="replace"))
            for p in sorted(kb.rglob("*")) if p.suffix in (".md", ".txt") and p.is_file()]
