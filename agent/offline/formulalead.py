"""A lead-in line that announces a formula, read with it as one answer unit.

Why: a passage may end a sentence with a colon and put the formula after it, in a code block (kb/'s markdown:
"the combined size is:" then ```Union = A + B − …```) or on a plain line of its own (a plain-text KB: "… keep half of
it as the ceiling:" then "Ceiling_Cost_Per_Visit = First_Year_Gross_Profit times Visit_To_Customer_Rate times 0.5").
Alone, either part is a fragment — the lead ends in a colon, the formula in no sentence end — so both were dropped and
"how do I work out the ceiling?" was answered without the one sentence that says how. Read by the lines' shape only.
"""
from __future__ import annotations

import re

from rag.sentences import SENTENCE_END

# a formula written as a line of its own: a name of joined words, " = ", its terms ("Reach_Share = Reached / Target")
_FORMULA = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\s+=\s+\S")


def after(lines: list[str], nxt: int, lead_line: str) -> tuple[list[str], int] | None:
    """(the unit texts, the index of the line after the formula) when ``lead_line`` (ending in ":") announces the
    formula starting at ``lines[nxt]`` — a code block, or formula lines; None otherwise. The sentences before the
    lead in its line are units of their own (over 25 characters)."""
    if nxt >= len(lines):
        return None
    if lines[nxt].strip().startswith("```"):
        end = next((j for j in range(nxt + 1, len(lines)) if lines[j].strip().startswith("```")), len(lines))
        found, resume = [c.strip() for c in lines[nxt + 1:end] if c.strip()], end + 1
    elif _FORMULA.match(lines[nxt].strip()):
        resume = nxt
        while resume < len(lines) and _FORMULA.match(lines[resume].strip()):
            resume += 1
        found = [c.strip() for c in lines[nxt:resume]]
    else:
        return None
    *before, lead = SENTENCE_END.split(lead_line)
    return [b.strip() for b in before if len(b.strip()) > 25] + ([f"{lead} {'; '.join(found)}."] if found else []), resume
