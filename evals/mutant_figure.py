"""The mutant ``decline_opens_with_figure``: a good decline made to open with another business's figure.

Why a mutant: an answer that says "the knowledge base has no tattoo studio CPL benchmark" *after* quoting
"Personal Injury Law Firms: $410-520" declines, and the figure it quotes is real — it is in what was
retrieved, correctly cited — so the invented-number rule passed it, and no scorer caught the shape the
offline agent once produced (a reader meets a confident number first; a planner copies it). This rewrite
produces that shape on any KB: it takes a declining answer that says so first and states no figure, and puts
before it a business's row from a passage retrieved in the conversation, a business that shares no word with any
of the user's messages ("Personal Injury Law Firms: $410-520", a list's row; "saas CPC: $3.50–$7.00", a table's). Its own parsing is kept apart
from the scorers' (:mod:`evals.mutants`'s rule); ``ctx`` is an :class:`evals.mutants.TurnContext`. ``scorers.figurefirst`` is what must catch it.
"""
from __future__ import annotations

import re

from mpa.tables import CURRENCY  # the system side's signs: a mutant is an answer, made as answers are

# the same decline and citation shapes as evals.mutants (kept here: that module registers this one)
DECLINE = re.compile(r"knowledge[- ]base (?:does not|doesn't|has no|contains no)|not (?:in|covered by) the knowledge[- ]base"
                     r"|\b(?:can't|cannot) answer\b|\bout of scope\b|\bnot covered\b", re.I)
BRACKET = re.compile(r"\[[^\[\]]*#\d+[^\[\]]*\]")

# a list row: "- Personal Injury Law Firms: $410-520 (highest)"; "Ontario: C$2.90-3.40"
_ROW = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?(?P<label>[A-Z][^:\n|#]{2,60}?):[ \t]*(?P<fig>[A-Z]{0,2}" + CURRENCY + r"[ \t]?\d[^\n]{0,60})$", re.M)
_PRICE = re.compile(CURRENCY + r"\s?\d")
_WORD = re.compile(r"[a-z]{3,}")


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower())}


def _other_figure(ctx) -> tuple[str, str] | None:
    """(a business's benchmark row from a passage retrieved in the conversation, as the passage states it, the chunk
    id it comes from), for a business that shares no word with any of the user's messages and is no vertical they
    name. The rows are read with the domain's fact reader (:func:`mpa.facts.kb_facts`: what a model reading the
    passage would take for a business's figure); a table's row, which states no business, is said with its own. Else
    a priced sentence of a document named after one business ("benchmarks-saas.md"), which its citation says."""
    from mpa.facts import kb_facts
    from mpa.vocabulary import VOCABULARY, match_terms
    said = " ".join([*ctx.earlier, ctx.user])
    users, named = _words(said), set(match_terms(said, VOCABULARY["verticals"]))
    for cid in dict.fromkeys([*ctx.turn_ids, *ctx.seen_ids]):
        text = ctx.texts.get(cid, "")
        source = (ctx.sources.get(cid) or cid.split("#")[0]).split("›")[0].strip()  # the file: whose table it is
        for f in kb_facts([(source, text)]) if text else []:
            label = (f.vertical or "").strip()
            if f.kind != "benchmark" or not label or not f.value or _words(label) & users or set(
                    match_terms(label, VOCABULARY["verticals"])) & named:
                continue
            line = text[f.start:f.end].strip().lstrip("-*• ").strip()
            said = _ROW.match(line) and "|" not in line and label.lower() in line.lower()  # the row names its business
            return (line if said else f"{label} {f.metric}: {f.value}"), cid
    for cid in dict.fromkeys([*ctx.turn_ids, *ctx.seen_ids]):  # else a priced sentence of a business's own document
        source = (ctx.sources.get(cid) or cid.split("#")[0]).split("›")[0]
        whose = set(match_terms(re.sub(r"[-_.]", " ", source), VOCABULARY["verticals"]))
        if len(whose) != 1 or whose & named or _words(" ".join(whose)) & users:
            continue
        for sent in re.split(r"(?<=[.!?])\s+", " ".join(ctx.texts.get(cid, "").split())):
            if _PRICE.search(sent) and "|" not in sent and len(sent) < 220:
                return sent, cid
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
