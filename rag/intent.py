"""Rule-based query intent, used to pick fusion weights and pool size per query.

Intents: ``definition`` ("what is X", "define"), ``numeric`` (how much / how many / typical /
average / a number), ``procedure`` ("how to", "steps", "set up"), ``comparison`` ("vs",
"compare", "difference between"), ``exploratory`` (everything else). Exact identifiers
(CamelCase, snake_case, codes such as ``ABC-NC-01`` or ``X-90/110``, quoted phrases) are
reported separately: they force keyword search (BM25) to contribute, because only exact term
matching finds them.

These rules know no domain vocabulary. A domain refines them through the arguments of
:func:`detect_intent` (extra numeric cue words, and term groups found in the query — e.g. the
names of the quantities it measures — that make an otherwise exploratory query numeric) and
plugs the result into the engine as ``Domain.intent``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_COMPARISON = re.compile(r"\b(vs\.?|versus|compare[sd]?|comparison|difference between|differ|better than)\b", re.I)
_NUMERIC = re.compile(r"\b(how (much|many|big|large)|what (is|are) the (typical|average)|"
                      r"typical|average|range|cost of|rate for|percent)\b|[$%]|\d", re.I)
_PROCEDURE = re.compile(r"\b(how (do|should|can) (i|we|you)|how to|steps?|set ?up|checklist|process|"
                        r"plan(ning)? for|design (a|an|the)|build (a|an|the)|run (a|an))\b", re.I)
_DEFINITION = re.compile(r"^\s*(what('s| is| are| does)|define|definition of|meaning of|explain)\b", re.I)
# "what is the typical …" asks for a number, not a definition
_NOT_DEFINITION = re.compile(r"\b(typical|average|how much|how many)\b", re.I)

_IDENTIFIER = re.compile(
    r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b"          # CamelCase
    r"|\b[a-z]+_[a-z0-9_]+\b"                  # snake_case
    r"|\b[A-Z]{2,}[A-Z0-9]*(?:[-/:][A-Z0-9]+)+\b"  # codes: ABC-NC-01, X-90/110, A:B
    r"|[\"“][^\"”]{2,}[\"”]"                   # quoted phrase
)


@dataclass
class QueryIntent:
    """``facets`` holds the domain term groups found in the query (``{"units": ["kg"]}``);
    empty for the generic rules."""

    intent: str
    identifiers: list[str] = field(default_factory=list)
    facets: dict[str, list[str]] = field(default_factory=dict)

    @property
    def has_identifier(self) -> bool:
        return bool(self.identifiers)


def detect_intent(query: str, numeric_cue: re.Pattern | None = None, definition_veto: re.Pattern | None = None,
                  facets: dict[str, list[str]] | None = None) -> QueryIntent:
    """Classify ``query``. ``numeric_cue``: extra words that mark a numeric question;
    ``definition_veto``: extra words that keep a "what is …" question from being a definition;
    ``facets``: domain terms found in the query — when any is present, an otherwise exploratory
    query counts as numeric."""
    facets = {k: list(v) for k, v in (facets or {}).items()}
    idents = [m.group(0) for m in _IDENTIFIER.finditer(query)]
    veto = bool(definition_veto and definition_veto.search(query))
    if _DEFINITION.search(query) and not (_NOT_DEFINITION.search(query) or veto):
        return QueryIntent("definition", idents, facets)
    intent = "exploratory"
    if _COMPARISON.search(query):
        intent = "comparison"
    elif _NUMERIC.search(query) or (numeric_cue is not None and numeric_cue.search(query)):
        intent = "numeric"
    elif _PROCEDURE.search(query):
        intent = "procedure"
    elif any(facets.values()):
        intent = "numeric"
    return QueryIntent(intent, idents, facets)
