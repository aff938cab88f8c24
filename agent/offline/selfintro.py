"""Whether a message's bare opening "<noun phrase> here, …" (or "<noun phrase> — <question>?") names the asker's
business or only the asker.

Why: "bike shop here, …" and "dental clinic group here, …" open by saying who is asking, and the business forms
(:mod:`agent.offline.business`) read them by a word that ends a business's name ("shop", "clinic"). People name
their trade by other nouns too — "card issuer here, …", "franchise owner here", "realtor here" — and those were
read as nothing, so the question was answered with whichever vertical's figures a search found first. The same
opening also says who a person is without naming a business ("newbie here, …", "long-time lurker here"): read as
a business, that would be looked up as a vertical and declined. So the noun phrase counts as a business only when
the business machinery says it names one:

* the vocabulary's businesses (covered or not) or the KB's own labels name it, or every word of it is a word
  those names are made of (:func:`agent.offline.bizwords.business_words`);
* it is what someone owns or runs ("franchise owner", "gym operator") and no audience of people the vocabulary
  sizes ("small business owners", "cat owners");
* it is a phrase of two or more words that the served KB writes in the documents it states business figures in
  (a vertical's introduction: "banks, credit unions, card issuers, lenders"; a section's prose: "Card issuers pay
  for approved applications") — the text the benchmark tool's business resolver reads (:mod:`mpa.business`).

A person's experience ("newbie", "first-timer") is none of these, and stays no business. A noun phrase before a
dash that opens a question ("tax prep franchise — what's the cost per booked return?") says who is asking the same
way, with the same test ("quick question — …" names no business).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from agent.offline import kblabels, servedkb
from mpa.vocabulary import VOCABULARY, match_terms

# a bare noun phrase of one to four words opening the message before "here" (the article-less self-introduction)
HERE = re.compile(r"^\s*(?P<p>(?:[a-z][a-z&\-]* ){0,3}[a-z][a-z&\-]*)(?=,? here\b)", re.I)
# … or before a dash that opens the question: "tax prep franchise — what CPL?" (the same test of a business applies)
DASH = re.compile(r"^\s*(?P<p>(?:[a-z][a-z&\-]* ){0,4}[a-z][a-z&\-]*)(?=\s*[—–]\s*|\s+--?\s+)(?=.*\?\s*$)", re.I | re.S)
_RUNS = re.compile(r"^(?P<x>[a-z][a-z&\- ]*?) (?:owner|operator|franchisee)s?$", re.I)


def names_business(phrase: str, business_words: Callable[[str], bool]) -> bool:
    """Does ``phrase`` (the noun phrase before "here") name a business (see the module doc)?
    ``business_words``: whether every word of a phrase is a business-name word."""
    phrase = " ".join(phrase.lower().split())
    if any(match_terms(phrase, VOCABULARY[t]) for t in ("verticals", "uncovered_verticals")) \
            or kblabels.named_in(phrase) or business_words(phrase):
        return True
    if (m := _RUNS.match(phrase)):
        return not match_terms(f"{m.group('x')} owners", VOCABULARY["audiences"])
    return " " in phrase and _written(phrase, servedkb.folder())


def _written(phrase: str, folder: str | None) -> bool:
    """The served KB writes ``phrase`` (its last word singular or plural, any case) in a document stating figures."""
    words = [re.escape(w) for w in phrase.split()]
    pat = re.compile(r"\b" + r"\s+".join(words[:-1] + [words[-1] + r"(?:s|es)?"]) + r"\b", re.I)
    return bool(pat.search(_figure_text(folder)))


@lru_cache(maxsize=servedkb.PER_KB)
def _figure_text(folder: str | None) -> str:
    """The text of the served KB's documents that state benchmark figures (where its businesses are described)."""
    if not folder:
        return ""
    from mpa.facts import kb_facts
    docs = [(d.source, d.text) for d in servedkb.documents(folder)]
    stating = {f.source for f in kb_facts(docs) if f.kind == "benchmark"}
    return "\n".join(text for source, text in docs if source in stating)
