""""What's Shopify's transaction fee on the basic plan?", "what's the average home insurance premium in Ohio?": a value
asked of a thing the knowledge base never speaks of — declined, not answered with whatever passage the search ranked
first.

Why: the search always returns passages, and the reader quotes the best-ranked one; when the thing asked about is
nowhere in the knowledge base, that passage is about something else (the last turn's payback rule, a fee split in
programmatic buying) and quoting it answers a question nobody asked. Whether the KB speaks of the thing is a test
on the KB itself, not on what one search returned:

* the thing is the noun phrase the question asks the value of ("what's the <typical> X", "what does X charge",
  "what X's Y is"), less the words every value question uses, the planning vocabulary's names (a metric, a
  platform, a place, a vertical) and the words of judgement ("good", "safe");
* a word of it the KB never uses, that is no slip of a word it uses ("typicl"), is a thing the KB does not hold
  ("shopify", "squarespace");
* words it does use must meet in one chunk of the KB ("home", "insurance" and "premium" each occur somewhere, never
  together: the KB holds no home insurance premium).

KB-driven (its own words and chunks, any layout) and English structure (where a question names what it asks the
value of); every planning word is left to the rest of the agent, which answers or declines it as before.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb
from agent.offline.asking import question_sentences
from agent.offline.kbterms import defining_words, kb_texts, kb_vocabulary
from agent.offline.passages import _DOMAIN, domain_stems, in_family, plainly_media, terms
from mpa.vocabulary import VOCABULARY, match_terms

_W = r"[a-z][\w'’-]*"
_STOP = (r"(?=\s+(?:in|for|on|at|of|these|those|right|nowadays|today|now|this|that|like|per|across|around|with|if|when|to|"
         r"from|by|vs|versus|and|or|compared|going|running|costing|these|currently|typically|usually|anymore|again)\b|\s*[?,.!;:]|\s*$)")
_ASKED = [re.compile(p, re.I) for p in (
    # "what's the typical X in …", "what is a normal X for …"
    r"\bwhat(?:'s|’s|s| is| are| was| were)\s+(?:the|a|an)\s+(?:(?:typical|average|avg|normal|usual|current|going|standard|"
    r"median|ballpark|rough|approximate)\s+)*(?P<np>(?:" + _W + r"\s+){0,2}?" + _W + r")" + _STOP,
    # "what does X charge" (a vendor's price; "what does a lead cost" asks a metric, the unit bought)
    r"\bwhat (?:does|do|did|would|will)\s+(?P<np>" + _W + r"(?:\s+" + _W + r"){0,2}?)\s+(?:charge|bill)\b",
    # "what shopify's transaction fee is" (the apostrophe often left out)
    r"\bwhat\s+(?P<np>[a-z][\w-]*(?:'s|’s|s)\s+(?:" + _W + r"\s+){0,2}" + _W + r")\s+(?:is|are|was)\b",
)]
# words of judgement and of asking: they say how the value is wanted, not what it is of
_JUDGED = set(terms("good great fine ok okay safe sensible smart realistic reasonable right best better ideal optimal "
                    "healthy decent acceptable solid strong weak bad poor high low higher lower max maximum min minimum "
                    "least most big small rough exact fair usual typical normal average standard overall general real "
                    "actual true basic simple norm norms all-in quick easy first last next new old main whole total full expected "
                    "likely cheap cheapest expensive dear dearest also anyway even really actually just thing stuff kind "
                    "sort way deal difference point reason idea chance option answer question plan strategy approach "
                    "time people someone anyone folks guys"))
_GENERIC = set(terms("cost costs price prices pay paid charge charges fee fees spend budget rate rates number figure "
                     "value amount percent percentage share ratio benchmark range level count size total average per "
                     "what which how many much month week year day quarter"))


def _planning(sentence: str) -> bool:
    """Does the asking sentence use a planning word — the vocabulary's, a domain word, or one the KB builds its measures
    from? Only an aside about something else ("what's the capital of Australia?") is read here."""
    q = set(terms(sentence))
    return plainly_media(sentence, q) or bool(q & defining_words())


def _named(np: str) -> set[str]:
    """The stems of the planning vocabulary's names said in ``np`` (a metric, a platform, a place, a vertical …)."""
    return {t for table in ("metrics", "platforms", "geographies", "verticals", "audiences", "topics")
            for key in match_terms(np, VOCABULARY[table]) for w in [key, *VOCABULARY[table][key]] for t in terms(w)}


def _slip(w: str, used: frozenset[str]) -> bool:
    """``w`` is one letter off a word the KB uses ("typicl", "recieve"), or a short form of one."""
    if len(w) < 4:
        return True
    for v in used:
        if abs(len(v) - len(w)) > 1 or v[0] != w[0]:
            continue
        if len(v) == len(w) and sum(a != b for a, b in zip(v, w)) <= 1:
            return True
        short, long_ = (w, v) if len(w) < len(v) else (v, w)
        if len(short) != len(long_) and any(long_[:i] + long_[i + 1:] == short for i in range(len(long_))):
            return True
    return False


@lru_cache(maxsize=servedkb.PER_KB)
def _chunks(kb: str) -> tuple[frozenset[str], ...]:
    """Each paragraph of the KB at ``kb`` as its set of stems (the unit words must meet in)."""
    return tuple(frozenset(terms(p)) for text in kb_texts(kb) for p in re.split(r"\n\s*\n", text) if p.strip())


def subject(text: str) -> str | None:
    """The thing the message asks the value of, as the user said it, when the KB being served does not speak of it;
    else None (also when no KB folder is known, or the question names no such thing)."""
    kb = servedkb.folder()
    if not kb:
        return None
    for s in question_sentences(text):
        for i, pat in enumerate(_ASKED):
            # a vendor's own price ("what does X charge", "what X's fee is") is asked of X whatever words follow; a value
            # asked by its noun, only in an aside: a planning question is answered or declined by the rest of the agent,
            # which knows how the KB words it ("how long to run a test" is answered without the word "length")
            m = pat.search(s)
            if not m or (i == 0 and _planning(s)):
                continue
            said = m.group("np") if i < 2 else re.split(r"(?:'s|’s|s)\s", m.group("np"), maxsplit=1)[0]
            said = re.sub(r"^(?:the|a|an)\s+", "", said, flags=re.I)
            np = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", re.sub(r"(?:'s|’s)\b|\ball-in\b", "", said, flags=re.I))
            named = _named(np)
            words = [w for w in dict.fromkeys(terms(np)) if w not in _JUDGED | _GENERIC | named | _DOMAIN | domain_stems()
                     and not w[0].isdigit() and len(w) > 2]
            if not words or len(words) > 3:  # a thing described at length is the user's paraphrase, no name
                continue
            used = kb_vocabulary(kb)
            if any(w not in used and not _slip(w, used) for w in words):
                return said
            if i == 0 and len(words) >= 2 and not any(all(in_family(w, c) for w in words) for c in _chunks(kb)):
                return said
    return None
