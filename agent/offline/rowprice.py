"""A named thing's own row in a KB's price list ("- Moloco: $3.10" under "COST PER INSTALL - 2025"), and a
budget worked at it ("$20,000 ÷ $3.10 ≈ 6,452 installs").

Why: a KB written in plain text lists prices one row a platform (or a format, a lead site) under a caption that
says what one unit is ("COST PER BOOKED ROOM NIGHT", "DIRECT MAIL COST PER PIECE"). A question that names the
rows ("Moloco or AppLovin with $20k?", "how many postcards will $5,000 mail?", "what does $3,000 buy on Angi?")
is answered by those rows, cited, and — a budget stated — by the budget divided by each row's price, counted in the
caption's own word for the unit. What is read is the passage's layout (a dash list of "label: price" lines under a
caption line saying "cost/price per <unit>") and English; no KB's names or figures.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.offline.numbers import money, result
from mpa.vocabulary import term_pattern
from rag.citations import cited_ids

_ROW = re.compile(r"^[ \t]*[-*•][ \t]+(?P<label>[^:\n]{1,60}?):[ \t]+(?P<value>[^\n]+?)[ \t]*$", re.M)
_NUM = r"\d[\d,]*(?:\.\d+)?"
_CEILING_WORDS = r"(?:under|below|less than|up to|at most)"  # a price said by its ceiling ("Tubi: under $15")
_PRICE = re.compile(rf"^(?:(?:about|around|roughly|{_CEILING_WORDS}) |~)?\$\s?(?P<lo>{_NUM})(?:\s*(?:-|–|to)\s*\$?\s?(?P<hi>{_NUM}))?"
                    rf"(?![\d%])(?!\s*(?:k\b|m\b|million|thousand|billion|per|a|an|each)\b)(?:\s*\((?P<note>[^()]*)\))?\s*$", re.I)
# the caption's unit: "COST PER INSTALL - 2025", "DIRECT MAIL COST PER PIECE", "PRICE PER BOOKED ROOM NIGHT IN 2025"
_CAPTION = re.compile(r"\b(?:cost|price)\s+per\s+(?P<unit>[a-z]+(?:[ -][a-z]+){0,3}?)\s*(?:$|[-–—(:,]|\s+(?:in|for|on|by|at)\b|\s+\d)",
                      re.I)
_THOUSAND = re.compile(r"^(?:thousand|mille|1,?000)\s+(?P<rest>[a-z]+(?:[ -][a-z]+)*)$", re.I)  # "per thousand views"
_CPM = re.compile(r"(?<![\w-])CPMs?(?![\w-])")  # a caption's "IN-GAME CPM": the price of a thousand impressions
_OTHER_UNIT = re.compile(r"\bper\b|\bnot\b", re.I)  # "(price per insert, not per piece)": another unit than the caption's


# a row priced by its ceiling ("Tubi: under $15"): worked at that price, the count is the fewest it buys
_CEILING = re.compile(rf"^{_CEILING_WORDS}\b", re.I)


@dataclass(frozen=True)
class Row:
    label: str
    value: str       # as the KB writes it ("$2.80-3.30")
    lo: float
    hi: float
    unit: str        # the caption's word for one unit ("install", "booked room night")
    caption: str     # the caption line as written
    pid: str


def _float(s: str) -> float:
    return float(s.replace(",", ""))


def _caption(text: str, start: int) -> tuple[str, str] | None:
    """(caption line, unit) of the list whose row starts at ``start``: the nearest lines above the list's rows."""
    lines = text[:start].rstrip("\n").split("\n")
    while lines and _ROW.match(lines[-1]):
        lines.pop()
    for line in reversed(lines[-2:]):  # "COST PER INSTALL - 2025" / "BY AD NETWORK - HIGHEST TO LOWEST"
        if not line.strip():
            break
        if m := _CAPTION.search(line):
            return line.strip(), m["unit"].lower().strip()
        if _CPM.search(line):
            return line.strip(), "thousand impressions"
    return None


def rows(passages: list[dict]) -> list[Row]:
    """Every priced row of a captioned list in ``passages``, once each (the first passage holding it cites it)."""
    out: dict[tuple[str, str, str], Row] = {}
    for ps in passages:
        text = ps.get("text", "")
        for m in _ROW.finditer(text):
            price = _PRICE.match(m["value"])
            if not price or (price["note"] and _OTHER_UNIT.search(price["note"])):
                continue
            cap = _caption(text, m.start())
            if cap is None:
                continue
            lo = _float(price["lo"])
            hi = _float(price["hi"]) if price["hi"] else lo
            if lo <= 0 or hi < lo:
                continue
            key = (m["label"].strip().lower(), cap[0].lower(), m["value"].lower())
            out.setdefault(key, Row(m["label"].strip(), m["value"].strip(), lo, hi, cap[1], cap[0], ps["id"]))
    return list(out.values())


def named(words: tuple[str, ...], found: list[Row]) -> list[Row]:
    """The rows whose label is the thing named by ``words`` (the label said whole, any case)."""
    pat = term_pattern(words) if words else None
    return [r for r in found if pat and pat.fullmatch(r.label.lower())]


def plural(unit: str) -> str:
    head, _, last = unit.rpartition(" ")
    if re.search(r"(?:s|x|z|ch|sh)$", last):
        last += "es"
    elif re.search(r"[^aeiou]y$", last):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}".strip()


def worked(budget: float, row: Row) -> str:
    """The budget at the row's price, in the caption's unit: "$20,000 ÷ $3.10 ≈ 6,452 installs" (a range: both ends)."""
    per = _THOUSAND.match(row.unit)  # the price of a thousand: × 1,000, counted in what the thousand are of
    unit, k, times = (per["rest"].lower(), 1000, " × 1,000") if per else (plural(row.unit), 1, "")
    one = lambda price: f"{money(budget)} ÷ {money(price)}{times} ≈ {result(budget / price * k, True)[1]}"
    return f"{one(row.lo)} {unit}" if row.lo == row.hi else f"{one(row.hi)} to {one(row.lo)} {unit}"


CITED = r"(?i:Based on Knowledge Base \[[^\]]+\] \([^()\n]*(?:\b(?:cost|price) per\b|\bCPMs?\b))"  # how :func:`cited` opens


def cited(group: list[Row], budget: float | None) -> str:
    """Rows of one list, cited once with its caption, each with the budget worked at it."""
    each = [f"{r.label}: {r.value}" + (f" — at {_CEILING.match(r.value) and 'that ceiling' or 'that price'}, "
                                        f"{worked(budget, r)}" if budget else "") for r in group]
    return f"Based on Knowledge Base [{group[0].pid}] ({group[0].caption}): {'; '.join(each)}."


# what a stated budget buys, asked: "how many … with $5,000", "what does $3,000 buy/get", "can $2k afford"
_BUYS = re.compile(r"\bhow many\b|\bbuys?\b|\bget(?:s|ting)?\b|\bafford\b|\bpays? for\b|\bpurchase\b", re.I)


def _said(label: str, text: str, whole: bool = False) -> bool:
    """The row's label said whole ("Angi"), or (not ``whole``) a label of two words or more by its last word
    ("postcards" for "Standard Postcards": every row of that kind)."""
    low = text.lower()
    words = label.lower().split()
    if term_pattern((label.lower(),)).search(low):
        return True
    if whole:
        return False
    last = words[-1].rstrip("s")
    return len(words) > 1 and len(last) > 3 and re.search(rf"\b{re.escape(last)}s?\b", low) is not None


def bought(text: str, passages: list[dict], budget: float | None) -> str | None:
    """A stated budget asked what it buys of the rows the message names: each row cited, the budget worked at it;
    None when no budget is stated, nothing is asked it buys, or no captioned price row is named."""
    if not budget or not _BUYS.search(text):
        return None
    lists: dict[tuple[str, str], list[Row]] = {}
    found = rows(passages)
    # a label said whole names its row: "pet insurance" is that row, not every "… Insurance" row of its kind
    whole = any(_said(r.label, text, True) for r in found)
    for r in found:
        if _said(r.label, text, whole):
            lists.setdefault((r.pid, r.caption), []).append(r)
    return " ".join(cited(g, budget) for g in lists.values()) or None


def first(row: str, paras: list[str]) -> list[str]:
    """The rows' paragraph first, then each paragraph already written that cites none of its passages (a quote of the
    same list would repeat its rows without the working)."""
    ids = set(cited_ids(row))
    return [row] + [p for p in paras if not ids & set(cited_ids(p))]
