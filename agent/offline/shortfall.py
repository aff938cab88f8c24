"""A goal set against the counts the conversation worked out: "would that cover the 120 sign-ups a month we need? how
far short are we at the low end?" — the goal minus each count (or what is left over), its working shown.

Why: the counts sit in an earlier answer's working lines, and the message's only figure is the goal; the calculator
reads a bare count with no price as nothing to work out, and the reader declines. Here the last funnel chain is read
back whole (:func:`chains.chains`), the period the goal is said per ("a month", "a year") picks the chain worked
per that period, the end named ("the low side", "the worst case") picks its count, and goal − count is shown. What is
read is English (a goal and whether it is met) and the agent's own working lines.
"""
from __future__ import annotations

import re

from agent.offline.chainback import _MONEYISH, _NUM, _SPEND
from agent.offline.chainrate import _pick
from agent.offline.numbers import plain, result
from agent.offline.chains import chains, of_period

_MET = re.compile(r"\b(?:cover|covers|enough|short|shortfall|gap|fall short|falls short|how far (?:off|away)|make it|"
                  r"get us there|meet|meets|hit it|reach it)\b", re.I)



def work(text: str, answers: list[str]) -> str | None:
    """Goal − each count the last funnel chain worked out, or None."""
    if not answers or not _MET.search(text) or _SPEND.search(text) or _MONEYISH.search(text):
        return None
    nums = list(_NUM.finditer(text))
    if len(nums) != 1:
        return None
    goal = float(nums[0].group(1).replace(",", ""))
    for i in range(len(answers) - 1, max(-1, len(answers) - 4), -1):
        found = [c for c in chains(answers[i], "\n".join(answers[max(0, i - 3):i])) if len(re.findall(r"[÷×]", c[1])) >= 2]
        if found:
            break
    else:
        return None
    found = of_period(found, text[nums[0].end():])[0]  # "150 a year we need": the chain worked per year
    if not found:
        return None
    found = _pick(text, found)  # "the low side": the smallest count; "the best case": the biggest
    lines = []
    for count, how, unit, tail, _ in found:
        s, n = result(count, False)
        n = plain(count) if s == "=" else n
        lines.append(f"{how} {s} {n} {unit}{tail}")
        gap = goal - float(n.replace(",", ""))
        s2, g = result(abs(gap), False)
        g = plain(abs(gap)) if s2 == "=" else g
        lines.append(f"{plain(goal)} − {n} = {g} short of the {plain(goal)}" if gap > 0 else
                     f"{n} − {plain(goal)} = {g} over the {plain(goal)}: it covers it")
    return "Against your goal of " + plain(goal) + ", from the counts worked out before:\n" + "\n".join(f"- {ln}" for ln in lines)


def amend(text: str, answers: list[str], composed: str) -> str:
    """The goal's gap first; a decline of it (nothing in the KB states the user's own goal) dropped."""
    got = work(text, answers)
    if not got:
        return composed
    declined = re.search(r"\b(?:does not contain|can't answer|cannot answer|has no)\b", (composed or "")[:200], re.I)
    return got if declined or not (composed or "").strip() else got + "\n\n" + composed
