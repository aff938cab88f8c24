"""A split worked on the user's budget, bent to the variant the knowledge base gives for a business as new as theirs.

Why: a KB that states a confidence split ("about 70% to proven programs, 20% to scaling …, 10% to experiments") often
says, a few lines on, when to bend it ("new brands with little history may run closer to 50/30/20, because almost
nothing is proven yet"). The split readers (:mod:`~agent.offline.splitrule`, :mod:`~agent.offline.splitback`) work
the first split a passage states, so a user who said "we're brand new, nothing is proven yet" got the standard split
in dollars — the wrong shares — though the passage on the bend was retrieved. Here the working already shown is
redone at the bend's shares when (1) the user has said, in this message or a recent one, that their business is new
(no history, nothing proven, only just started — read as general English, never a customer called "brand new"),
(2) a retrieved passage's sentence says the same of the businesses it is for, and (3) that sentence states a split
with as many parts as the one worked, adding up to 100. The shares are the KB's, the budget the user's, every result
recomputed; with no such sentence retrieved, the answer is left as it was.
"""
from __future__ import annotations

import re

from agent.offline import splitrule
from agent.offline.numbers import money, plain
from agent.offline.passages import sentences

# the user says their business is new: "we're brand new", "nothing is proven yet", "only started advertising this
# spring", "no track record" (but "a brand new customer" is a customer, "I'm new to paid ads" a person, not the business)
_USER_NEW = re.compile(r"\b(?:we(?:'re| are)|(?:company|business|brand|shop|store) is)\s+(?:still\s+|pretty\s+|very\s+|"
                       r"so\s+|really\s+|totally\s+)?(?:an?\s+)?(?:brand[- ]new|new|young|just starting(?: out)?|starting out)\b"
                       r"(?!\s+(?:to|at|in|on|customers?|clients?|buyers?|members?|patients?|users?|students?|hires?)\b)|"
                       r"\bnothing\b[^.?!]{0,25}\b(?:proven|track record|history|tested)\b|"
                       r"\b(?:no|little|hardly any|almost no) (?:track record|history|proven)\b|"
                       r"\b(?:only|just) (?:just |recently )?(?:started|launched|opened|began)\b", re.I)
# a KB sentence about new businesses: "new brands with little history", "nothing is proven yet", "start-ups"
_KB_NEW = re.compile(r"\bnew (?:brands?|businesses|companies|advertisers|ventures|products?|stores?|shops?)\b|"
                     r"\b(?:little|no|limited|short) (?:history|track record)\b|\bnothing is proven\b|\bstart-?ups?\b|"
                     r"\bearly[- ]stage\b", re.I)
_SPLIT = re.compile(r"(?<![\d.$])(\d{1,2})\s*/\s*(\d{1,2})(?:\s*/\s*(\d{1,2}))?(?:\s*/\s*(\d{1,2}))?(?![\d.%/])")
# a share of the budget worked: "$36,000 × 70% = $25,200"
_LINE = re.compile(r"\$(?P<total>\d[\d,]*(?:\.\d+)?) × (?P<s>\d{1,2}(?:\.\d+)?)% = \$\d[\d,]*(?:\.\d+)?")
_CITE = re.compile(r"\s*\[[^\]\s]+#\d+\]")


def _is_new(users: list[str]) -> bool:
    """Whether one of the user's messages (this one and the last few) says their business is new."""
    return any(_USER_NEW.search(u or "") for u in users)


def _bend(passages: list[dict], parts: int) -> tuple[str, str, list[float]] | None:
    """(cite, sentence, shares) of the first retrieved sentence about new businesses stating a split of ``parts``."""
    for ps in passages:
        for sent in sentences(ps.get("text", "")):
            m = _SPLIT.search(sent) if _KB_NEW.search(sent) else None
            shares = [float(x) for x in (m.groups() if m else ()) if x]
            if len(shares) == parts and abs(sum(shares) - 100) < 0.51:
                return ps.get("id", ""), sent, shares
    return None


def bent(answer: str, users: list[str], passages: list[dict]) -> str:
    """``answer`` with the split it worked redone at the KB's shares for a new business (module doc), else as it is.
    ``users``: this message and the user's recent ones; ``passages``: this turn's and recent turns' retrieved ones."""
    found = list(_LINE.finditer(answer or ""))
    totals = {m.group("total") for m in found}
    shares = [float(m.group("s")) for m in found]
    if len(found) < 2 or len(totals) != 1 or abs(sum(shares) - 100) > 0.51 or not _is_new(users) or any(
            splitrule.said_split(u) for u in users):  # a split the user names by its numbers ("do 70 20 10") is theirs
        return answer
    got = _bend(passages, len(found))
    if not got or got[2] == shares:
        return answer
    cite, sent, new = got
    total = float(found[0].group("total").replace(",", ""))
    out, last = [], 0
    for m, s in zip(found, new):
        out += [answer[last:m.start()], f"${m.group('total')} × {plain(s)}% = {money(round(total * s / 100, 2))}"]
        last = m.end()
    text = "".join(out) + answer[last:]
    if cite:  # the lines rest on the bend's sentence now
        text = "\n".join(_CITE.sub(f" [{cite}]", ln) if _LINE.search(ln) and ln.lstrip().startswith("- ") else ln
                         for ln in text.split("\n"))
    said = re.sub(r"\*\*", "", sent)
    return f"Based on Knowledge Base [{cite}]: {said}\n\n{text}" if cite else text
