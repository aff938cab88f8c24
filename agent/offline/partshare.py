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

When no answer quoted the split (the turn that asked for it found another section), the parts named are searched for
as the share of a monthly budget each gets (:func:`calls`: the parts' own words with the trade's words for a split,
"percent of monthly budget channel mix split", which found kb/'s budget-tier section and kb_txt's split lists where
the user's sentence found a channel's overview), and that search's first passage is read the same way
(:func:`searched`), only when it gives each named part one share.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, plain
from agent.offline.passages import terms

# "what's that in actual dollars", "how much is that", "in real money": "that" asked in money
ASKS = re.compile(r"\bwhat(?:'s| is| does| would)? (?:that|this|it)\b[^.?!]{0,25}\b(?:in (?:actual |real |hard )?(?:dollars|money|cash|"
                   r"terms)|come to|work out to|mean in dollars)\b|\bhow much (?:is|would be|does) (?:that|this|it)\b|"
                   r"\bin (?:actual|real|hard) (?:dollars|money|cash)\b", re.I)
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
        for clause in re.split(r"[,;.]\s+|\s+and\s+|\s*—\s*|\(|\)|\n", body):
            for rx in (_SHARE_FIRST, _PART_FIRST):  # (a list's items are clauses too: "- Paid search: 60-70%")  # "70% to proven programs" before "… by channel: about 70%"
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
        # each line names its part as the quote does ("search 40%–50%"), the end it is at shown by the share it takes:
        # a cited line's words must be the chunk's ("low end of" left two of three words uncited)
        out += [f"- {money(amount)} × {plain(round(e * 100, 2))}% = {money(round(amount * e, 2))} — {said}{where}" for e in ends]
    return out


# the parts a message asks money for: "for search and for social", "for the test reserve", "on video and audio"
_FOR_PARTS = re.compile(r"\b(?:for|on|to)\s+(?:the\s+|our\s+)?(?P<p>[a-z][\w-]*(?:\s+(?!and\b|for\b|on\b)[a-z][\w-]*)?)"
                        r"(?:\s*(?:,|and|&)\s*(?:for\s+|on\s+)?(?:the\s+|our\s+)?(?P<q>[a-z][\w-]*(?:\s+[a-z][\w-]*)?))?", re.I)
_SPLIT_WORDS = "percent of monthly budget channel mix split"


def _named(text: str) -> list[str]:
    """The parts the message names after "for" / "on" ("for search and for social" → search, social)."""
    asked = ASKS.search(digits(text))
    m = _FOR_PARTS.search(digits(text)[asked.start():]) if asked else None
    said = [x for x in (m.group("p"), m.group("q")) if x] if m else []
    return [x for x in said if set(terms(x)) - _NOT_A_PART]


def asks_parts(text: str) -> bool:
    """The message asks "that" in money for parts it names ("what's that in actual dollars for search and social"):
    shares of the amount, not the last calculation re-run with it (:func:`agent.offline.memory.carry`)."""
    return bool(_named(text))


def calls(text: str, tools: set[str]) -> list[tuple[str, dict]]:
    """One search for the split that gives the named parts their shares, when the message asks their money."""
    named = _named(text)
    if not named or "search_knowledge_base" not in tools:
        return []
    return [("search_knowledge_base", {"query": f"{' '.join(named)} {_SPLIT_WORDS}", "top_k": 8})]


def searched(outcomes: list) -> str:
    """The first passage :func:`calls`' search found, as an answer would quote it ("" when none)."""
    for o in outcomes:
        if o.name == "search_knowledge_base" and str(o.input.get("query", "")).endswith(_SPLIT_WORDS) and o.found:
            top = o.passages[0]
            return f"Based on Knowledge Base [{top['id']}]: {top['text']}"
    return ""
