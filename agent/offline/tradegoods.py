"""A tax, pay or legal word that names what the business sells or what its ads are about, not what the
question asks: "we're pushing small business checking and loans right now", "clicks on those loan type
searches", "our mortgage ads". :mod:`agent.offline.focus` declines a question that names such a word
when no passage does (another profession's question: "what interest rate should I expect on a loan?");
said as the goods a lender advertises, it is the planning question's subject, and the benchmark
answers it.

Why a module: three sentence forms of English say it — the word as the object of a selling verb
("pushing … loans", "we offer mortgages"), the word qualifying an advertising noun ("loan searches",
"mortgage keywords", "loan-type ads") and the word as the thing a count counts ("how many funded loans at
that CAC?", "to close 40 mortgages a month": results a budget buys, each a customer won; a lender asked
that got "the knowledge base does not contain information that answers this question" with the CAC range
just looked up) — neither a list of businesses nor of questions.
"""
from __future__ import annotations

import re

_THING = r"(?:mortgages?|loans?|lending|payroll|tax(?:es)? (?:prep|preparation|filing|software|services?)|pensions?|visas?)"
# the object of a selling verb, within a short list of goods: "pushing small business checking and loans"
_SOLD = re.compile(r"\b(?:sell(?:s|ing)?|sold|push(?:es|ing)?|promot(?:e|es|ing)|offer(?:s|ing)?|advertis(?:e|es|ing)|"
                   r"market(?:s|ing)|launch(?:es|ing)?|provid(?:e|es|ing))\s+"
                   r"(?:(?:our|their|new|more|small[- ]business|personal|home|auto|car|business|[a-z]+,?)\s+){0,4}?"
                   r"(?:and\s+|or\s+|&\s+)?" + _THING + r"\b", re.I)
# qualifying what ads buy: "loan type searches", "mortgage keywords", "loan-related ads"
_AD_THING = re.compile(r"\b" + _THING + r"(?:[- ](?:type|related|themed|focused))?\s+(?:search(?:es)?|searchers|keywords?|"
                       r"queries|terms|ads|adverts|campaigns?|clicks|leads|traffic|landing pages?|creatives?|audiences?|"
                       r"shoppers|prospects|customers|applicants|applications|offers?|products?)\b", re.I)

# counted: "how many funded loans", "the number of new mortgages", "40 loans a month", "fund 120 more loans"
_COUNTED = re.compile(r"\b(?:how many|(?:number|count) of|\d[\d,.]*k?)\s+(?:[a-z][a-z-]*\s+){0,2}?" + _THING + r"\b", re.I)


def as_goods(question: str) -> str:
    """``question`` with each tax, pay or lending word that names the goods sold, advertised or counted blanked out."""
    return _COUNTED.sub(" ", _AD_THING.sub(" ", _SOLD.sub(" ", question)))
