"""A terse message that may name an audience the KB sizes, and where: "prospective adult learners pittsburgh",
"solar-ready homeowners in phoenix".

Why: a sizing question is read by its cue ("how many", "how big", a headcount word); a user who types only the
audience and the market asks for its size all the same, and the KB's own audiences and markets are not in the
vocabulary, so nothing else in the message says it is one. Such a message — a few content words, no question
word, no figure, no metric — is also handed to the sizing tool as it stands (the tool reads the market out of the
phrase, :func:`mpa.audience_lookups.place_said`). It is a guess, so a miss says nothing: the search that answers
such a message otherwise still answers it, and only a size the tool found is added (:func:`kept`). A question
mark at its end changes nothing: "dog owning households in boise?" is typed as a question but still only names
the audience and the market.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_ASKS = re.compile(r"\?(?!\s*$)|\b(?:what|whats|how|why|which|when|where|who|should|could|would|can|do|does|did|is|are|"
                   r"tell|explain|define|meaning|mean|vs|versus|compare|best|help|plan|step|steps)\b", re.I)


# the user speaking of themselves: "we're a SaaS company", "we sell accounting software", "I run two salons" — a
# statement of whose business it is, not an audience to size
_SELF = re.compile(r"^\W*(?:we|we're|were|we've|weve|i|i'm|im|i've|ive|our|my|us)\b", re.I)


def asked(text: str, p) -> bool:
    """The message is only a few content words with no question, figure, metric or step (module doc), not a
    statement about the user's own business."""
    words = text.split()
    return 2 <= len(words) <= 7 and not _ASKS.search(text) and not _SELF.match(text) and not (p.numbers or p.metrics or p.metric_phrases or
                                                                     p.calc or p.step or p.audiences) \
        and len(terms(text)) >= 2


# two places set side by side: "ontario vs quebec", "texas versus florida", "compared with"
_VERSUS = re.compile(r"\b(?:vs\.?|versus|compared (?:to|with)|against)(?=\s)", re.I)


def compared(text: str, p) -> str:
    """The audience of a terse comparison of places ("plant managers, ontario vs quebec?"): the words left when the
    places, the comparing word and punctuation are taken out — a few content words, nothing else asked; else ""."""
    from agent.offline.places import without_places
    if len(places(text, p)) < 2 or not _VERSUS.search(text) or p.numbers or p.metrics or p.metric_phrases or p.calc \
            or p.step or p.audiences:
        return ""
    rest = _VERSUS.sub(" ", without_places(text))
    for m in _kb_markets(text):
        rest = re.sub(rf"(?<![a-z]){re.escape(m.lower())}(?![a-z])", " ", rest.lower())
    rest = " ".join(re.sub(r"[,;:?!.]|\b(?:and|or|in|for|the)\b", " ", rest).split())
    return rest if 1 <= len(rest.split()) <= 6 and not _ASKS.search(rest) and terms(rest) else ""


def _kb_markets(text: str) -> list[str]:
    """The markets the served KB states facts for that ``text`` names in any case ("ontario vs quebec"), in order."""
    from agent.offline import kbmarkets, servedkb
    low = text.lower()
    found = [(m.start(), g) for g in kbmarkets.markets(servedkb.folder()) if g.lower() in low  # (the pattern needs it)
             for m in [re.search(rf"(?<![a-z]){re.escape(g.lower())}(?![a-z])", low)] if m]
    return [g for _, g in sorted(found)]


def places(text: str, p) -> list[str]:
    """The places a comparison names: the vocabulary's (the parser's), else the KB's own markets."""
    return list(p.geographies) if len(p.geographies) >= 2 else _kb_markets(text)


# a message that adds one more thing to the list being sized: "also <audience> in <place>, <what it means>"
_MORE = re.compile(r"^\s*(?:also|and|plus|next|now)\b[,:]?\s+(?P<np>[^,;:—–?.!]+?)\s*(?:[,;:—–]\s|\s-\s|[?.!]*\s*$)", re.I)


def added(text: str, p) -> str:
    """The audience and place of a message that adds one more to the list ("also dog-owning households in boise,
    meaning …"): the phrase before its first comma or dash, a few words naming a place, nothing else asked in it;
    else "". A description after the comma says what the audience is, not another question."""
    m = _MORE.match(text)
    np = m.group("np") if m else ""
    if not np or p.numbers or p.metrics or p.metric_phrases or p.calc or p.step or p.audiences or len(np.split()) > 7 \
            or _ASKS.search(np) or not (p.geographies or _kb_markets(np)):
        return ""
    return np


def calls(text: str, p, tools: set[str]) -> list[tuple[str, dict]]:
    """The sizing look-up of the message as it stands, when it is such a message (a terse comparison of places: one
    look-up per place, :func:`compared`); else []."""
    if "get_audience_sizing" not in tools:
        return []
    if aud := compared(text, p):
        return [("get_audience_sizing", {"audience_type": aud, "geography": g}) for g in places(text, p)]
    if np := added(text, p):
        return [("get_audience_sizing", {"audience_type": np, **({"geography": p.geographies[0]} if len(p.geographies) == 1 else {})})]
    if not asked(text, p):
        return []
    return [("get_audience_sizing", {"audience_type": " ".join(text.rstrip(" ?").split())[:200],
                                     **({"geography": p.geographies[0]} if len(p.geographies) == 1 else {})})]


def kept(text: str, p, outcomes: list) -> list:
    """``outcomes`` without the sizing misses of such a message: the guess said nothing."""
    if not asked(text, p) and not compared(text, p) and not added(text, p):
        return outcomes
    return [o for o in outcomes if not (o.name == "get_audience_sizing" and not o.found and not o.is_error)]
