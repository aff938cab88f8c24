"""A short rule is quoted whole: every sentence of the paragraphs quoted, when they fit :data:`WORDS`.

Why: the reader quotes a section's best-matching sentences (at most three). A rule stated in a
short section often spreads what a planner needs over all of it — the cap *and* its ceiling,
the threshold *and* what to do past it, the default *and* its exception — and the sentence that
shares the most words with a paraphrased question is often not the one with the figure the
user needs. Quoting the whole of a short rule gives it as the knowledge base states it — the sentences that
answer the question first, then the rest of their paragraphs in reading order. A paragraph is the
unit: a section may state several rules, one per paragraph, and only the ones the quote comes from
are completed. A long one is still quoted by its best sentences, as a quote, not a paste.

Prose only is completed. The items of a list — a table's rows, a budget's bands, the options — are chosen one
by one by the reader: completing them would add figures no one asked for (another business's row beside a
decline) or another budget's band. Two more things stay out, as in the reader's own quoting:

* worked arithmetic (``$50 × 30 = $1,500``) when the question states no figure: it asks for
  the rule, not an example's sums (:data:`agent.offline.workedcase.WORKED`);
* a section the previous answer already quoted from: a follow-up asks for something new of
  it, and the reader's own choice (the sentence not yet said) is kept.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from agent.offline import workedcase
from agent.offline.unrepeated import quoted

WORDS = 120  # a short section: about five sentences
_BLANK_LINE = re.compile(r"\n\s*\n")


def whole(chosen: list, section: list, previous: str, worked: bool, text: str = "") -> list:
    """``chosen``, then the other prose sentences of the paragraphs it was quoted from (of ``text``, the passage) in
    reading order, when those paragraphs are short and nothing of ``section`` was said before; ``chosen`` otherwise —
    the sentences that answer stay first (module doc)."""
    pool = section if worked else [c for c in section if not workedcase.WORKED.search(c.text)]
    if text:  # the paragraphs the answer is quoted from: a section may hold several rules, one per paragraph
        breaks = [m.start() for m in _BLANK_LINE.finditer(text)]
        mine = {_paragraph(c.text, text, breaks) for c in chosen}
        pool = [c for c in pool if _paragraph(c.text, text, breaks) in mine]
    if not pool or sum(len(c.text.split()) for c in pool) > WORDS:
        return chosen
    if previous and any(quoted(c.text, previous) for c in section):
        return chosen
    rest = [c for c in pool if c not in chosen and c.item < 0]  # list items (rows, bands, options) are chosen one by one
    return chosen + rest if len(rest) < len(pool) else chosen  # the sentences that answer first, then the rest in order


def _paragraph(sentence: str, text: str, breaks: list[int] | None = None) -> int:
    """The index of the paragraph (blank-line separated block) of ``text`` holding ``sentence``; -1 when not found.
    ``breaks``: where ``text``'s blank lines start, when the caller has found them once for all its sentences."""
    at = text.find(sentence.strip()[:40])
    if at < 0:
        return -1
    return bisect_right(breaks if breaks is not None else [m.start() for m in _BLANK_LINE.finditer(text)], at)
