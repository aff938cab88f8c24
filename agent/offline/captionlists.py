"""Lists a passage gives one per case, each under its own caption, and the one a question names.

Why: a plain-text KB states one list per case under an ALL-CAPS caption ("VETERINARY AND PET CARE CLINICS",
"B2B SOFTWARE (MID-MARKET)", "CONSUMER APPS" — each over "- Google Ads: 30-40%" lines). The reader cuts a
passage into sentences, and a caption, or a short "label: figure" line, is none: it quoted the lines of other
cases that happened to be long enough ("starting split for consumer apps" came back with the clinics' line). A
question naming a caption's own words asks for that caption's list, whole (:func:`named`); a question that
names none of them, when the lists differ, leaves the case open — which one is the user's is then the one
thing to ask (:func:`asks_which`), not a list picked by the line the reader happened to quote.

Only the text's layout is read (a caption line over item lines, a blank line between lists) and the caption's
own words; nothing of any KB is assumed.
"""
from __future__ import annotations

import re

from agent.offline.answerforms import DIVIDE_ASK
from agent.offline.captionrows import SHARE as _SHARE, spoken
from agent.offline.passages import sentences, terms

_ITEM = re.compile(r"^\s*[-*•]\s*(?P<label>[^:\n]{2,60}?)\s*:\s*(?P<value>\S.*?)\s*$")
_CAPTION = re.compile(r"^[^a-z.!?;:]{3,80}$")  # an ALL-CAPS line standing alone: no lower case, no sentence end


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """(caption, ["label: value", …]) of each captioned list of ``text``: a block of ALL-CAPS caption line(s)
    directly over two or more "- label: value" lines (the caption lines joined by " - ")."""
    out = []
    for block in re.split(r"\n\s*\n", text or ""):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        heads = []
        while lines and _CAPTION.match(lines[0]) and re.search(r"[A-Z]", lines[0]) and not _ITEM.match(lines[0]):
            heads.append(lines.pop(0))
        items = [m for ln in lines if (m := _ITEM.match(ln))]
        if heads and len(items) >= 2 and len(items) == len(lines) and not re.fullmatch(r"[-=_~*]+", heads[-1]):
            out.append((" - ".join(heads), [f"{m.group('label').strip()}: {m.group('value').rstrip('.')}" for m in items]))
    return out


def _own(caption: str, others: list[str]) -> set[str]:
    """The caption's words no other caption of the passage has: the words that tell its case apart."""
    return set(terms(caption)) - set().union(*(set(terms(o)) for o in others))


def named(question: str, listed: list[tuple[str, list[str]]]) -> tuple[str, list[str]] | None:
    """The one list whose caption's own words the question names ("… for consumer apps"), else None (none
    named, or two named alike)."""
    if len(listed) < 2:
        return None
    asked = set(terms(question))
    hits = [(len(_own(c, [o for o, _ in listed if o != c]) & asked), (c, items)) for c, items in listed]
    best = max(n for n, _ in hits)
    top = [b for n, b in hits if n == best]
    return top[0] if best > 0 and len(top) == 1 else None


def _shares(listed: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """The lists whose every line gives a percentage ("Meta: 20-30%"): splits, one per case."""
    return [(c, items) for c, items in listed if all(_SHARE.search(i.split(":", 1)[1]) for i in items)]



def cited(para: str, passages: list[dict], question: str = "") -> tuple[dict, list[tuple[str, list[str]]]] | None:
    """The first passage ``para`` cites that holds two or more captioned splits, with them — else, given the
    ``question``, the first of the best three passages that does and whose section heading shares a word with it
    ("… the starting split for …" and "Starting splits by client type") or that asks how to divide ("how should we
    split it?"); else None."""
    ids = set(re.findall(r"\[([^\]\s]+)\]", para or ""))
    for ps in passages:
        if ps.get("id") in ids and len(listed := _shares(blocks(ps.get("text", "")))) >= 2:
            return ps, listed
    asked = set(terms(question))
    for ps in passages[:3] if asked else []:
        head = ps.get("source", "").split("›", 1)[-1] if "›" in ps.get("source", "") else ""
        if (asked & set(terms(head)) or DIVIDE_ASK.search(question)) and len(listed := _shares(blocks(ps.get("text", "")))) >= 2:
            return ps, listed
    return None


def chosen(question: str, para: str | None, passages: list[dict], business: str = "") -> str | None:
    """The quote replaced by the list the question names by its caption's words (or, naming none, the ``business`` the
    conversation is about), when the quote comes from a passage of captioned lists and does not already give that
    list's lines (and no other list's); else None."""
    found = cited(para or "", passages, question)
    if not found:
        return None
    ps, listed = found
    pick = named(question, listed) or (named(business, listed) if business else None)
    if pick is None:
        return None
    caption, items = pick
    others = [i for c, its in listed if c != caption for i in its if i not in items]
    if all(i.split(":")[0] in para for i in items) and not any(i in para for i in others):
        return None
    return f"Based on Knowledge Base [{ps['id']}]: {spoken(caption)}: " + "; ".join(items) + "."


def case_said(business: str, passages: list[dict]) -> str | None:
    """A sentence of ``passages`` (the one holding the splits) that names the ``business`` in every word and states an amount ("Worked split: a
    trampoline park with $12,000 a month puts $7,200 into paid search, …"), quoted and cited; else None. The KB speaks
    of the user's own case there: that is the answer, not a question about which caption (none of which names it) fits.
    """
    want = set(terms(business or ""))
    if not want:
        return None
    for ps in passages:
        for sent in sentences(ps.get("text", "")):
            if want <= set(terms(sent)) and re.search(r"\$\s?\d", sent):
                return f"Based on Knowledge Base [{ps['id']}]: {sent}"
    return None


def asks_which(question: str, previous: str, listed: list[tuple[str, list[str]]], cite: str) -> str | None:
    """One clarifying question — which case is the user's — when the lists differ and neither the question nor
    the user's message before it names one of their captions; else None."""
    if len(listed) < 2 or named(question, listed) or named(previous, listed) or len({tuple(i) for _, i in listed}) < 2:
        return None
    cases = [spoken(c) for c, _ in listed]
    return (f"The knowledge base [{cite}] gives a different list for each case: " + "; ".join(cases)
            + ". Which of these is yours, so I can work out the right one?")


_ASKED = re.compile(r"gives a different list for each case: (?P<cases>.+?)\. Which of these is yours")


def answered(reply: str, asked: list[str], said: list[str]) -> str | None:
    """The question that led to :func:`asks_which`, with the case the user's reply names ("We're a B2B software
    company." after "… Veterinary clinics; B2B software; Consumer apps. Which of these is yours …?"): the reply
    answers the question just asked, so the turn is the original question with that case said; else None."""
    m = _ASKED.search(said[-1]) if said and asked else None
    if not m or "?" in reply:
        return None
    cases = [(c, [""]) for c in m.group("cases").split("; ")]
    return f"{reply.strip().rstrip('.')}. {asked[-1]}" if named(reply, cases) else None
