"""How many of an audience just sized the user could reach: the share they expect to reach is theirs to say, so it
is asked for; said (in the message, or in the user's last message), the count is the size times that share.

Why: "how many of the Pomorskie ones could we realistically reach?" after "Pet-Owning Households in Pomorskie: about
460k households" was looked up as an audience named "Pomorskie ones could realistically reach" and declined; and
"OK, so how many households is that?" after the user said "30%" was looked up as households in the United States.
A KB sizes an audience; how much of it a campaign reaches depends on the user's budget, channels and targeting, which
no benchmark states — so the agent asks for the share rather than invent one, and once it is said works the count
in the open from the size the conversation quoted (cited as it was). What is read is English (a count asked of
"them / those / the … ones" with a verb of reaching; "how many … is that") and the agent's own audience sentences.
"""
from __future__ import annotations

import re

from agent.offline import compose
from agent.offline.numbers import plain

# the agent's audience sentence: "Based on Knowledge Base [id], Pet-Owning Households in Pomorskie: about 460k households."
_SIZE = re.compile(r"Based on Knowledge Base \[(?P<id>[^\]]+)\], (?P<who>[^:\[\]]{3,80}?) in (?P<where>[^:\[\]]{2,40}): "
                   r"(?:about |roughly |around )?(?P<n>\d[\d,]*(?:\.\d+)?)\s?(?P<mag>[kKmM]|million|thousand)?\s(?P<unit>[a-z]+)")
_REACH = re.compile(r"\bhow many (?:of )?(?P<who>them|those|these|the [^?.!]{0,40}?)\s+(?:could|can|would|will|might|do|should) "
                    r"(?:we|i) (?:realistically |actually |really |hope to |expect to |possibly |likely )?"
                    r"(?:reach|get in front of|get to|hit)\b", re.I)
_THAT = re.compile(r"\bhow many(?: [a-z]+){0,2} (?:is|would be|does) (?:that|this)\b|\bwhat(?:'s| is| would be) that in "
                   r"(?:[a-z]+)\b", re.I)
_PCT = re.compile(r"(?<![\d.])(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_MAG = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}
NEED = "share of them you expect to reach (in percent)"


def _sizes(answers: list[str]) -> list[tuple[float, str, str, str, str]]:
    """(size, unit, who, where, id) of each audience the answers sized, oldest first."""
    out = []
    for a in answers:
        for m in _SIZE.finditer(a):
            n = float(m.group("n").replace(",", "")) * _MAG.get((m.group("mag") or "").lower(), 1)
            out.append((n, m.group("unit"), m.group("who"), m.group("where"), m.group("id")))
    return out


def _size_for(text: str, answers: list[str]):
    """The size the message points at: the one whose place it names, else the latest (of the last three answers)."""
    sizes = _sizes(answers[-3:])
    named = [s for s in sizes if re.search(rf"(?<!\w){re.escape(s[3])}(?!\w)", text, re.I)]
    return (named or sizes or [None])[-1]


def work(text: str, users: list[str], answers: list[str]) -> str | None:
    """The clarifying question, or the count worked from the share said, for this message (module doc); else None."""
    if not answers:
        return None
    pct = _PCT.search(text)
    if (m := _REACH.search(text)) and (size := _size_for(text, answers)) is not None:
        return _count(size, float(pct.group("n"))) if pct else compose.ask_for(NEED)
    if NEED in answers[-1] and users and _REACH.search(users[-1]) and (said := _share(text)) is not None \
            and (size := _size_for(users[-1], answers[:-1])) is not None:  # the share asked for, said: the count
        return _count(size, said)
    if _THAT.search(text) and not pct and not re.search(r"\d", text) and users and (said := _share(users[-1])) is not None \
            and len(answers) >= 2 and _REACH.search(users[-2] if len(users) >= 2 else "") \
            and (size := _size_for(users[-2], answers[:-1])) is not None:
        return _count(size, said)
    return None


def _share(text: str) -> float | None:
    """The share a reply states: "30%", "about 30 percent", "Our share … in percent is 30." (one number, said a share)."""
    if m := _PCT.search(text):
        return float(m.group("n"))
    nums = re.findall(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.]\d)", text)
    return float(nums[0]) if len(nums) == 1 and re.search(r"\b(?:percent|per cent|share)\b", text, re.I) else None


def _count(size, pct: float) -> str:
    n, unit, who, where, cid = size
    got = round(n * pct / 100)
    return (f"Based on Knowledge Base [{cid}], {who} in {where}: about {plain(n)} {unit}.\n- {plain(n)} × {plain(pct / 100)} = "
            f"{plain(got)} {unit} — the ones you could reach at the share you expect to reach")
