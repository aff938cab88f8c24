"""Whether the evidence says a number *of what the answer talks about*.

The grounding and citation-support scorers accept a claimed number that the retrieved text states
(``scorers.claims.in_text``). On a KB of lists that is too generous: a list states many numbers, each
of its own row, and a number can also sit in an unrelated sentence. The mutation suite found both on
the plain-text fixture KB: Seattle's "16 % of population" accepted when said of Phoenix, a restaurant
CPM accepted when said of higher education, "20 %" of a sentence about marketplace prices accepted as
an audience's share; on the second stranger KB, "55 %" accepted as a household share because a sentence
states "45-55 %" of TikTok users; on the eighth, "34 %" accepted as a share of households because a row
states "Gross Margin On Bikes: 28-34%" and the answer says "e-bike". :func:`stated_of_something_else` tells
those apart, from the text's own layout (labelled list rows under a heading, prose lines, ranges) and the
words of the answer, for any KB.
Measured on the honest baseline of every seen set, and of kb/ and the plain-text KBs' evals: no score changed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from scorers.claims import Figure, _evidence_figures, evidence_ranges, in_text, same_unit, value_matches
from scorers.text import content_words, sentences, strip_citations


# a labelled line of a list: "- Restaurants and Food Delivery: $4.60-5.30", "Phoenix: 612,000 target audience"
_ROW_LINE = re.compile(r"^[ \t]*(?:[-*\u2022][ \t]*)?(?P<label>[^\n:|]{2,60}?)[ \t]*:[ \t]*(?=\S)", re.M)


@lru_cache(maxsize=8192)
def _list_rows(text: str) -> tuple[tuple[int, int, frozenset, frozenset, int], ...]:
    """(start, end, words, label words, list number) of the rows of ``text``'s lists: labelled lines that stand with at
    least one other labelled line right above or below them (a lone "Note: …" line is prose). A row's words
    are its label's and those of the line heading its list ("SOLAR - BLENDED LEAD GENERATION PROFILE" over
    "Cost Per Lead: $95-140"): a row belongs to what its list is about. Its label's words alone are what
    single it out from the other rows of its list, which share the heading."""
    found = []
    for m in _ROW_LINE.finditer(text):
        end = text.find("\n", m.end())
        found.append((m.start(), m.end(), len(text) if end < 0 else end, frozenset(content_words(m.group("label")))))
    rows: list[tuple[int, int, frozenset, frozenset, int]] = []
    heading: frozenset = frozenset()
    lists = 0
    for i, (start, after, end, words) in enumerate(found):
        joined_above = i > 0 and found[i - 1][2] + 1 == start
        joined_below = i + 1 < len(found) and end + 1 == found[i + 1][0]
        if not joined_above:  # a list starts here: the nearest non-empty line above heads it
            lists += 1
            above = [ln for ln in text[:start].split("\n")[-4:] if ln.strip()]
            heading = frozenset(content_words(above[-1])) if above else frozenset()
        if (joined_above or joined_below) and words:
            rows.append((after, end, words | heading, words, lists))
    return tuple(rows)


@lru_cache(maxsize=16384)
def _window_words(text: str, pos: int, lines: int = 2) -> frozenset:
    """Content words of the line holding ``pos`` and ``lines`` lines either side (a KB wraps its
    sentences, and a short row sits a line or two under the heading that says what it is about)."""
    a = b = pos
    for _ in range(lines + 1):
        a = text.rfind("\n", 0, a - 1) if a > 0 else -1
        if a < 0:
            break
    for _ in range(lines + 1):
        b = text.find("\n", b + 1)
        if b < 0:
            break
    return frozenset(content_words(text[a + 1:len(text) if b < 0 else b]))


# a sentence placing a single figure in a range: "at the top of the Typical range, $55", "the low end, 45%"
RANGE_PLACE = re.compile(r"\b(?:range|top|bottom|ends?|upper|lower|high|low|highest|lowest|max(?:imum)?|min(?:imum)?"
                         r"|between|up to|from)\b", re.I)


def _range_end_of_unnamed_row(f: Figure, text: str, label: frozenset, context: frozenset, answer: str,
                              sentence: str) -> bool:
    """``f`` is one end of a range in a list row whose label the answer does not name (at most half its words:
    one shared word such as "bike" is not the row "Gross Margin On Bikes"), the claim's sentence places its
    figure in no range and the answer never states the range's other end: the single figure is borrowed from
    that row ("34 %" of "Gross Margin On Bikes: 28-34%" said as a share of households), not stated of what the
    claim is about. The answer as a whole, not the claim's sentence with its lead-in, is what must name the
    row: measured, a working line ("$24,000 ÷ $380 ≈ 63 demos") plans with the end of a row the answer named
    paragraphs above (two right answers of kb_txt2/kb_txt3's baselines), and the sentence-level test failed them."""
    if RANGE_PLACE.search(sentence) or (f.start, f.end) not in evidence_ranges(text):
        return False
    if any(in_text(end, answer) for end in evidence_ranges(text)[(f.start, f.end)] if end.start != f.start):
        return False
    return 2 * len(label & context) <= len(label)


def _about(answer: str, sentence: str) -> frozenset:
    """Content words of the claim's ``sentence`` and of the sentence leading into it (before it on its line, or
    the line above): "… E-Bike in Bern: about 115k households. Methodology: households (24% …)" is about Bern.
    Empty when the sentence is not found in the answer (then no row is singled out by it)."""
    plain = strip_citations(answer or "")
    pos = plain.find(sentence[:40]) if sentence else -1
    if pos < 0:
        return frozenset()
    lines = [ln for ln in plain[:pos].split("\n") if ln.strip()]
    lead = sentences(lines[-1])[-1:] if lines else []
    return frozenset(content_words(" ".join([sentence, *lead])))


# what a percentage is a share of, said right after it: "10% of households", "17% of the population", "12% among adults"
_SHARE_OF = re.compile(r"\s*%?\s*(?:of|among)\s+(?:the\s+|all\s+|total\s+)?([a-z]+)", re.I)


def _share_noun(text: str, end: int) -> str | None:
    """The noun a percentage ending at ``end`` is said to be a share of, singular and lower case; None if none."""
    m = _SHARE_OF.match(text, end)
    return m.group(1).lower().rstrip("s") if m else None


def stated_of_something_else(claim: Figure, text: str, context: frozenset, single: bool = False,
                             answer: str = "", sentence: str = "") -> bool:
    """``claim``'s number is in ``text``, but only where ``text`` says it of something the answer never
    talks about (``context``: the answer's content words), so that text does not support it:

    * in a list row whose label (and list heading) the context does not name, while it names the label of another
      row of ``text`` — Seattle's "16 % of population" said of Phoenix, a restaurant CPM said of
      higher education;
    * in prose whose lines around it share no content word with the context — "20 %" of "raise a
      budget by no more than 20 % a week" said as an audience's share of population;
    * for a ``single`` value (not an end of a range the claim states), as an end of a range in prose
      whose other end the ``answer`` never states, in a ``sentence`` that places it in no range: "55 %"
      of "45-55 % of adults 18-34 use TikTok" is not a figure of 55 % for anything ("$55, the top of the
      Typical range" places it; a working at both ends, "$150 × 60% … × 70%", states both);
    * for a ``single`` value, as an end of a list row's range whose label the answer does not name
      (:func:`_range_end_of_unnamed_row`): "34 %" of "Gross Margin On Bikes: 28-34%" said as a share of
      households, though the answer says "e-bike";
    * in a list row whose label the claim's sentence (with its lead-in) does not name while it names a sibling
      row's of the same list: "17 %" of "Vaud: 63,000 households (17% of households)" said of Bern, though
      the list's heading says "households" as the answer does.

    A figure in a row the context names, or in prose that shares a word with it, is not affected."""
    if not context:
        return False
    hits = [f for f in _evidence_figures(text or "") if same_unit(claim.unit, f.unit) and value_matches(claim, f.value)]
    if not hits:
        return False
    rows = _list_rows(text)
    # "names another row" means names its label: a heading's words are every row's of its list (and a file
    # title heads the file's header lines), so an answer naming a heading singles out no row of it
    some_row_named = any(r[3] & context for r in rows)
    about = None  # what the claim's sentence names: read only for a figure that stands in a list row
    share = _share_noun(sentence, claim.end) if claim.unit == "%" and sentence else None
    for f in hits:
        if share and (theirs := _share_noun(text, f.end)) and theirs != share:
            continue  # "17% of population" (Auckland's row) is no share of households
        row = next((r for r in rows if r[0] <= f.start < r[1]), None)
        if row is not None:
            if single and _range_end_of_unnamed_row(f, text, row[3], context, answer, sentence):
                continue
            if about is None:
                about = _about(answer, sentence)
            if not row[3] & about and any(r[4] == row[4] and r is not row and 2 * len(r[3] & about) > len(r[3])
                                           for r in rows):
                continue  # the claim is about a sibling row ("Bern"), this one is Vaud's
            if row[2] & context or not some_row_named:
                return False
        elif single and not RANGE_PLACE.search(sentence) and (f.start, f.end) in evidence_ranges(text) and not any(
                in_text(end, answer) for end in evidence_ranges(text)[(f.start, f.end)] if end.start != f.start):
            continue
        elif _window_words(text, f.start) & context:
            return False
    return True
