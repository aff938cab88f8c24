"""A term asked back — "wait, what's a CPV? you use it a lot", "pardon me, what is an MTA?" — is searched for
its definition, whatever business the conversation is about.

Why: mid-conversation the slots hold a vertical and the last metric, and a message naming a metric with a
vertical in memory was planned as a benchmark look-up: the newcomer who asked what the word means got the
vertical's range for it again. A definition question is not a figure question: it asks the knowledge base's
own definition (its glossary entry, the section defining the term), which
:func:`agent.offline.definition.read` then quotes. The searches are the term with its spelled-out name (as the
domain's vocabulary names it) and the question itself.

"What's the CPM?" with a business in the conversation asks that business's figure as often as a meaning: only
the forms that ask a meaning — "what's a/an X", "what is X", "what does X mean / stand for", "define X", "the
difference between X and Y" — are routed here; "what's the X" and "explain the X" are left to the usual planning.
"""
from __future__ import annotations

import re

from agent.offline import definition
from mpa.vocabulary import VOCABULARY

# "what's the CPM" / "what is the CPC" (a figure as often as a meaning): the definite article right after the verb
_THE_FORM = re.compile(r"\b(?:what(?:'s|’s|s|\s+is|\s+are)|explain)\s+the\s+(?!difference\b|meaning\b|definition\b)", re.I)


def spelled(term: str) -> str:
    """The term's spelled-out name in the domain's vocabulary ("CPL" → "cost per lead"), else ""."""
    named = VOCABULARY["metrics"].get(term.upper(), [])
    return next((n for n in named if len(n.split()) > 1), "")


def asked(text: str) -> list[str]:
    """The terms a message asks the meaning of, in a form that asks a meaning (module doc), or []."""
    terms = definition.asked_terms(text)
    if not terms or (len(terms) == 1 and _THE_FORM.search(text)):
        return []
    return terms


def calls(text: str, tools: set[str], top_k: int) -> list[tuple[str, dict]]:
    """The searches for the definitions a message asks (module doc), or [] when it asks none."""
    terms = asked(text) if "search_knowledge_base" in tools else []
    queries = [" ".join(f"{t} {spelled(t)}".split()) for t in terms]
    queries += [" ".join(text.split())[:400]] if terms else []
    return [("search_knowledge_base", {"query": q, "top_k": top_k}) for q in dict.fromkeys(queries)]
