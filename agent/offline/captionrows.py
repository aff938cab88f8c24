"""A plain-text KB's list of short rows, read whole with the caption over it.

Why: a plain-text KB gives figures as "- label: value" rows under an ALL-CAPS caption ("X ADS COST BENCHMARKS - H1
2025" over "- CPM: $3.10-4.40", "- CPC: $0.38-0.62", "- Cost Per Follower: $1.90-2.80"). The reader cuts a passage into
sentences, and rows that short are fragments (:func:`~agent.offline.passages.units` drops them), the caption too: "what
does gaining a follower on X cost?" quoted the prose around the list, and "the X ads cost figures" another section.
Kept bare, a row ("CPC: $0.38-0.62") says nothing of what its figure is. Written as the list's lead-in, the caption is
what the reader already joins with the items under a Markdown "…:" line: the list is one statement, scored and quoted
like a sentence ("X ads cost benchmarks - H1 2025: CPM: $3.10-4.40; CPC: …"), and a question naming one row's label
("… per follower", "… for Meta") or asking for an end ("which is cheapest?") gets that row with its caption
(:func:`~agent.offline.namedrow.added`). A list whose every row is a share (a split, one per case) is read whole so too, or one case's split
would be read in rows and another's whole.

Only the layout is read: caption line(s) standing alone after a blank line directly over two or more "- label: value"
rows and nothing else; a caption line naming the list's dimension and order ("BY METRIC - HIGHEST TO LOWEST") is left
out of what is said when another line names the list. A list with rows long enough to read alone is left as it is
(those rows are the look-up tools' and the reader's already); nothing else changes.
"""
from __future__ import annotations

import re
from functools import lru_cache

_CAPTION = re.compile(r"^[^a-z.!?;:|#]{3,80}$")  # ALL CAPS, no sentence end, no label colon, no table or Markdown mark
_ROW = re.compile(r"^\s*[-*•]\s*[^:\n]{2,60}?\s*:\s*\S")  # "- label: value"
_RULE = re.compile(r"[-=_~*\s]+")  # a frame line
_DIMENSION = re.compile(r"^BY\b")  # "BY CHANNEL - HIGHEST TO LOWEST": how the list is cut, not what it lists
SHARE = re.compile(r"^\s*\d{1,2}(?:\.\d+)?\s*%?\s*(?:(?:–|—|-|to)\s*\d{1,2}(?:\.\d+)?\s*)?%")  # "20-30%", "10%": a share
_WRITTEN: dict[str, set[tuple[str, ...]]] = {}  # each caption :func:`labelled` wrote as a lead-in → the rows of each list


def spoken(caption: str, first: bool = True) -> str:
    """An ALL-CAPS caption in sentence case (``first``: its first letter upper case), a word with a digit as written
    ("B2B software (mid-market)")."""
    said = " ".join(w if re.search(r"\d", w) else w.lower() for w in caption.split())
    return said[:1].upper() + said[1:] if first else said


def _short(row: str) -> bool:
    """Would the reader drop ``row`` as a fragment (what :func:`~agent.offline.passages.units` keeps of an item: over
    25 characters, and a sentence end or five words)?"""
    return len(row) <= 25 or not row.endswith((".", "!", ")")) and len(row.split()) < 5


@lru_cache(maxsize=4096)
def labelled(text: str) -> str:
    """``text`` with the caption of each list the reader would not read (its rows all short, or all shares) written as
    the list's lead-in ("X ADS COST BENCHMARKS - H1 2025" / "BY METRIC" over "- CPM: $3.10-4.40" … → "X ads cost
    benchmarks - H1 2025:"); ``text`` itself when it has none."""
    if ":" not in text or "\n-" not in text and "\n*" not in text and "\n•" not in text:
        return text
    lines = text.split("\n")
    found = list(_lists(lines))
    splits = sum(_split(rows) for _, _, _, rows in found)
    for i, j, end, rows in reversed(found):  # from the end: a caption written in place keeps the earlier lines' places
        # the whole list invisible to the reader — or one of the passage's splits, one per case (read whole, alike)
        if all(_short(r) for r in rows) or splits >= 2 and _split(rows):
            said = caption_said([ln.strip() for ln in lines[i:j]])
            lines[i:j] = [f"{said}:"]  # a lead-in: the reader joins its rows to it, one unit
            _WRITTEN.setdefault(said, set()).add(tuple(r.rstrip(";.,") for r in rows))  # (two KBs may caption alike)
    return "\n".join(lines) if found else text


def _lists(lines: list[str]):
    """(first caption line, first row, end, rows) of each captioned list of ``lines``."""
    i = 0
    while i < len(lines):
        if i and lines[i - 1].strip() or not _caption(lines[i]):
            i += 1
            continue
        j = i
        while j < len(lines) and _caption(lines[j]):
            j += 1
        end = j
        while end < len(lines) and _ROW.match(lines[end]):
            end += 1
        if end - j >= 2 and (end == len(lines) or not lines[end].strip()):  # two rows or more, and nothing else
            yield i, j, end, [re.sub(r"^\s*[-*•]\s*", "", ln).strip() for ln in lines[j:end]]
        i = max(end, i + 1)


def _split(rows: list[str]) -> bool:
    """Is every row a share ("Paid social: 20-25%"), the shares adding up to the whole (100% within the sum of their
    low ends and of their high ends, a point either way)? A list of rates ("15 Seconds: 94-97%") adds up to no whole."""
    low = high = 0.0
    for r in rows:
        m = SHARE.match(r.partition(":")[2])
        if not m:
            return False
        nums = [float(n) for n in re.findall(r"\d+(?:\.\d+)?", m.group())]
        low, high = low + nums[0], high + nums[-1]
    return low - 1 <= 100 <= high + 1


def caption_said(heads: list[str]) -> str:
    """A list's caption lines as said before a row: the lines naming the list (not its dimension and order), in
    sentence case, joined by " - "."""
    return spoken(" - ".join([h for h in heads if not _DIMENSION.match(h)] or heads))


def _caption(line: str) -> bool:
    """A caption line: ALL CAPS standing alone, no frame line, no row."""
    s = line.strip()
    return bool(_CAPTION.match(s) and re.search(r"[A-Z]", s) and not _RULE.fullmatch(s) and not _ROW.match(s))


def parts(text: str) -> tuple[str, tuple[str, ...]] | None:
    """(caption, rows) of a unit joining a list to the lead-in :func:`labelled` wrote ("X ads cost benchmarks - H1
    2025: CPM: $3.10-4.40; CPC: …"), else None — told by what was written, not by its form: a table row read out
    ("Paid social — cadence: …; …") has that form too."""
    caption, sep, _ = text.partition(": ")
    return next(((caption, rows) for rows in _WRITTEN.get(caption, ()) if text == f"{caption}: " + "; ".join(rows) + "."),
                None) if sep else None


def rows(text: str) -> list[str]:
    """The rows of a unit joining a captioned list (:func:`parts`), else ``text`` alone: the labels a name is looked
    for among."""
    found = parts(text)
    return list(found[1]) if found else [text]
