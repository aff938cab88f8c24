"""The shares of a split the last answer quoted, part by part, turned into money for the parts the user names: a tier's
"search 40%–50%, one social platform 35%–45%, the rest …" then "ok so at 15k what's that in actual dollars for search
and for social".

Why a module: :mod:`~agent.offline.lastshare` turns a share said *of the budget* into money; a split names each share by
its part instead ("search 40%–50%", "20% to scaling"), so that rule found no share, or the one other percentage of the
passage ("more than 60% of the plan"), and "actual" of "actual dollars" had been read as the unit counted ("≈ 273
actual"). English pairs a share with its part in two orders — the part, then its share ("search 40%–50%", "social
platform at 35%"), or the share, then what it goes to ("70% to proven programs", "10% for experiments") — and the
message names the parts it wants by the same words. Each part the user names whose words stand beside one share in the
last answer's quoted text gets that share of the user's amount (both ends of a range), cited where it was quoted;
when the user names no part, or a named part stands beside no share, nothing is worked here.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money, plain
from agent.offline.passages import terms

_SHARE = r"(?:(?P<a>\d+(?:\.\d+)?)%?\s*(?:–|-|to)\s*(?P<b>\d+(?:\.\d+)?)%|(?P<c>\d+(?:\.\d+)?)%)"
# the part, then its share: "search 40%–50%", "one social platform 35%–45%", "social at 35%"
_PART_FIRST = re.compile(r"(?P<part>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)\s*(?::|at|gets?|takes?|=)?\s*(?:about\s+|around\s+|roughly\s+)?"
                         + _SHARE)
# the share, then the part it goes to: "70% to proven programs", "10% for experiments", "20% on scaling"
_SHARE_FIRST = re.compile(_SHARE + r"\s+(?:goes\s+|going\s+)?(?:to|for|on|into)\s+(?:the\s+|a\s+|an\s+)?(?P<part>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})",
                          re.I)
# words of a part's name that name no part: the budget itself, money, amounts, determiners left in a span
_NOT_A_PART = set(terms("budget spend total plan money dollar dollars cash amount share rest remainder one the and typical shape "
                        "about around roughly between split each"))
_CITED = re.compile(r"\[([\w.-]+#\d+)\]")
_WORK = re.compile(r"\n\s*(?:Working:|Here is the calculation:|From your figures:)")


def _shares(answer: str) -> list[tuple[set[str], list[float], str, str]]:
    """[(the part's name stems, the share's ends as fractions, the share as written with its part, cited id)] of the
    last answer's quoted text (its working set aside)."""
    found = []
    for para in _WORK.split(answer)[0].split("\n\n"):
        cite = _CITED.search(para)
        body = _CITED.sub("", para.split("]:", 1)[-1] if "]:" in para else para)
        for clause in re.split(r"[,;.]\s+|\s+and\s+|\s*—\s*|\(|\)", body):
            for rx in (_SHARE_FIRST, _PART_FIRST):  # "70% to proven programs" before "… by channel: about 70%"
                m = rx.search(clause)
                if not m:
                    continue
                words = set(terms(m["part"])) - _NOT_A_PART
                ends = [float(m["a"]), float(m["b"])] if m["a"] else [float(m["c"])]
                if words and all(0 < e < 100 for e in ends):
                    found.append((words, [e / 100 for e in ends], " ".join(m.group(0).split()), cite.group(1) if cite else ""))
                    break
    return found


def lines(text: str, amount: float, last_answer: str) -> list[str]:
    """The working lines: each part the message names, at its quoted share of ``amount`` (empty when it names none)."""
    asked = set(terms(text)) - _NOT_A_PART
    out, used = [], set()
    for words, ends, said, cite in _shares(last_answer):
        if not words & asked or said in used:
            continue
        if len([w for w in _shares(last_answer) if w[0] & words & asked]) > 1:
            continue  # the part's words stand beside two shares: which one is meant is not said
        used.add(said)
        where = f" [{cite}]" if cite else ""
        out += [f"- {money(amount)} × {plain(round(e * 100, 2))}% = {money(round(amount * e, 2))}"
                + (f" — {'low' if i == 0 else 'high'} end of {said}" if len(ends) == 2 else f" — {said}") + where
                for i, e in enumerate(ends)]
    return out
