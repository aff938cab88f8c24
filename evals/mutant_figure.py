"""The mutant ``decline_opens_with_figure``: a good decline made to open with another business's figure.

Why a mutant: an answer that says "the knowledge base has no tattoo studio CPL benchmark" *after* quoting
"Personal Injury Law Firms: $410-520" declines, and the figure it quotes is real — it is in what was
retrieved, correctly cited — so the invented-number rule passed it, and no scorer caught the shape the
offline agent once produced (a reader meets a confident number first; a planner copies it). This rewrite
produces that shape on any KB: it takes a declining answer that says so first and states no figure, and puts
before it a labelled figure from a passage retrieved in the conversation whose label shares no word with any
of the user's messages ("Label: $x-y", a list row; else a sentence stating a price). Its own parsing is kept apart
from the scorers' (:mod:`evals.mutants`'s rule); ``ctx`` is an :class:`evals.mutants.TurnContext`. ``scorers.figurefirst`` is what must catch it.
"""
from __future__ import annotations

import re

# the same decline and citation shapes as evals.mutants (kept here: that module registers this one)
DECLINE = re.compile(r"knowledge[- ]base (?:does not|doesn't|has no|contains no)|not (?:in|covered by) the knowledge[- ]base"
                     r"|\b(?:can't|cannot) answer\b|\bout of scope\b|\bnot covered\b", re.I)
BRACKET = re.compile(r"\[[^\[\]]*#\d+[^\[\]]*\]")

# a list row: "- Personal Injury Law Firms: $410-520 (highest)"; "Ontario: C$2.90-3.40"
_ROW = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?(?P<label>[A-Z][^:\n|#]{2,60}?):[ \t]*(?P<fig>[A-Z]{0,2}[$€£][ \t]?\d[^\n]{0,60})$", re.M)
_PRICE = re.compile(r"[$€£]\s?\d")
_WORD = re.compile(r"[a-z]{3,}")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower())}


def _other_figure(ctx) -> tuple[str, str] | None:
    """(a labelled figure whose label shares no word with the user's message, the chunk id it comes from)."""
    users = _words(" ".join([*ctx.earlier, ctx.user]))  # the conversation's business is the user's, in any turn
    ids = list(dict.fromkeys([*ctx.turn_ids, *ctx.seen_ids]))
    for cid in ids:
        for m in _ROW.finditer(ctx.texts.get(cid, "")):
            if not _words(m.group("label")) & users:
                return f"{m.group('label').strip()}: {m.group('fig').strip()}", cid
    for cid in ids:
        for line in ctx.texts.get(cid, "").splitlines():
            for sent in _SENTENCE.split(line.strip()):
                if _PRICE.search(sent) and len(sent) < 200 and not (_words(sent) & users) and "|" not in sent:
                    return sent.strip(), cid
    return None


def decline_opens_with_figure(text: str, ctx) -> str | None:
    """A decline that says so first and states no figure, opened with another business's cited figure."""
    head = text.strip().split("\n\n")[0]
    if not DECLINE.search(head) or _PRICE.search(BRACKET.sub("", text)):
        return None
    found = _other_figure(ctx)
    if found is None:
        return None
    return f"Based on Knowledge Base [{found[1]}]: {found[0]}\n\n{text}"


__all__ = ["decline_opens_with_figure"]
