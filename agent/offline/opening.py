"""Where a planning framework starts: "where do I start with a media plan?", "what should I do first
when planning a campaign?", "how do we begin planning?" name no step, yet ask for the first one.

Why a module: such a question shares no word with the first step's name ("Objectives & KPIs") or
its text, so the search ranks whatever passage repeats "start" or "first" — a channel's launch
order, a rule for what to cut first — and a newcomer's first question gets an answer to another.
The question is read as the framework's first step only when it asks where to start and is about
planning as a whole: every content word it has is a word for planning or for the thing planned
(a plan, a campaign, media, ads) or a word of the framework's own name on the step tool. Anything
more ("what should I cut first when the budget shrinks?", "where do I start with the geo test?")
is a question about that thing, left to the search. A question with no planning word at all
("where do I start?") is read so only as a conversation's first message: later, it means the task at hand.
"""
from __future__ import annotations

import re

from agent.offline.passages import message_sentences, terms

# asking for the starting point: "where/how do I start|begin", "what do we do first", "the first thing"
_START = re.compile(r"\b(?:where|how)\s+(?:do|should|would|can|could|shall)\s+(?:i|we|you|one)\s+(?:start|begin)\b|"
                    r"\bwhere\s+(?:does|do|should|would|will)\s+(?:the|a|my|our|your|this|that)\s+(?:[a-z]+\s+){1,3}?(?:start|begin)s?\b|"
                    r"\b(?:where|how)\s+to\s+(?:start|begin)\b|"
                    r"\b(?:what|which)\b[^?.!]{0,30}\b(?:do|tackle|work on)\s+first\b|"
                    r"\b(?:first|starting)\s+(?:thing|things|point|move)\b|"
                    r"\b(?:first|opening|initial)\s+(?:step|stage|phase)\b|"
                    r"\bget(?:ting)?\s+started\b|\bkick\s+off\b", re.I)
# planning, and what is planned, in general words (not any one KB's); also set aside by stepask.about_whole_step
# ("what's the third step in planning a media campaign?" asks about the whole step)
PLANNING = set(terms("plan plans planning planner campaign campaigns media advertising ad ads marketing paid "
                      "process framework workflow methodology"))
# the asking itself
_ASKING = set(terms("start starting started begin beginning get getting kick tackle work thing things point move "
                    "step stage phase new whole entire overall good right best very "
                    # making the plan: "putting together / building / drafting a plan"
                    "put putting together build building make making create creating draft drafting write writing "
                    "even actually really does"))


def first_step(text: str, steps: dict[int, str], framework: set[str] = frozenset(),
               fresh: bool = False) -> tuple[int, None] | None:
    """(1, None) — the framework's first step — when ``text`` asks where planning starts; else None.
    ``fresh``: the conversation's first message, where a bare "where do I start?" can mean nothing else."""
    if 1 not in steps or not _START.search(text):
        return None
    planning = PLANNING | set(framework)
    if any(_START.search(s) and set(terms(s)) & planning and not set(terms(s)) - planning - _ASKING
           for s in message_sentences(text)):
        return 1, None  # "Where does the plan even start? How do I decide the most to pay?": its own sentence asks it
    words = set(terms(text))
    if not (words & planning or fresh) or words - planning - _ASKING:
        return None
    return 1, None
