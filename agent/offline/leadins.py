"""No lead-in without its body: "Here is the calculation:", "From your figures:", "With the Typical … range of … (Based
on Knowledge Base [id]):" each announce the lines after them, and an answer that ends on one — or whose lines are cut
off mid-phrase ("- $150 ÷ $1,350 ≈ 0 months until") — says nothing and reads as broken.

Why a guard of its own: many rules compose such a lead-in (arith, ownresults, samereturn, carrycount, roasrevenue …)
and later stages of a turn rewrite the answer again (re-reading, amending); a body can go missing at any of them. So
each stage's answer is accepted only through :func:`kept`: a paragraph that is a lead-in with no body (or with only
cut-off lines) is dropped, and when nothing is left the answer the turn had before that stage stands — the answer it
would give without that path.
"""
from __future__ import annotations

import re
from functools import lru_cache

# a working line cut off: it ends on a word that needs something after it ("… months until", "… the budget for")
_CUT = re.compile(r"\b(?:until|till|before|after|for|of|to|at|in|on|by|from|with|and|or|the|a|an|per|than|each)\s*$", re.I)
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _bodiless(para: str) -> bool:
    """Whether ``para`` is a lead-in with nothing (or only cut-off lines) after it."""
    lines = [ln.rstrip() for ln in para.strip().splitlines() if ln.strip()]
    heads = [i for i, ln in enumerate(lines) if ln.endswith(":") and not ln.lstrip().startswith("- ")]
    if not heads:
        return False
    body = [ln for ln in lines[heads[-1] + 1:]]
    return not body or all(ln.lstrip().startswith("- ") and _CUT.search(ln) for ln in body)


@lru_cache(maxsize=1024)
def whole(text: str) -> str:
    """``text`` without its bodiless lead-in paragraphs (a lead-in followed by a list in the next paragraph keeps it).
    Kept per text (it reads the text alone): each amender of a turn's answer asks it again of the same answer."""
    paras = _PARAGRAPH_BREAK.split(text or "")
    out = []
    for i, p in enumerate(paras):
        nxt = next((q for q in paras[i + 1:] if q.strip()), "")
        if p.strip() and _bodiless(p) and not (p.rstrip().endswith(":") and nxt.lstrip().startswith("- ")):
            continue
        out.append(p)
    return "\n\n".join(p for p in out if p.strip()) if len(out) != len(paras) else text


def kept(new: str | None, before: str | None) -> str | None:
    """``new`` with any bodiless lead-in dropped; ``before`` when nothing else is left of it."""
    if not new:
        return new
    got = whole(new)
    return got if got.strip() or not before else before


def para(p: str | None) -> str | None:
    """One composed paragraph, or None when it is a lead-in with no body (the turn answers as if it were never made)."""
    return None if p is None or not p.strip() or _bodiless(p) else p
