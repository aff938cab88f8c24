"""A message that only sets the scene — "I'm planning search ads for six dental clinics in Denver with
25k a month." — asks nothing yet: it is answered with a question about what to work out, not with a passage.

Why: searched, such a message finds passages that share its words but answer no question (there is
none), and the agent declined ("the knowledge base does not contain information that answers this
question") or quoted a passage about something else — a newcomer's first message met with a refusal.
The turn still searches as before — what that search finds is what the next turns read the business
by (a university's search finds the education tables) — and the conversation's slots remember the
scene (business, place, channel, budget); the reply only asks what to do with it, and says no figure
the knowledge base would have to support.

A message is scene-setting only when all of these hold, each a rule of English, not of a data set:
no question mark and no asking or requesting words (what/how/should…, tell/give/show/calculate…,
"I need", "I'd like"); no input the composer already acknowledges ("I don't know our X", "our X is
40"); it is said of the user's own business ("I", "we", "our", "my"); it names something the plan is
made of (a business, a place, a budget, a channel); no calculation is implied by it (a spend and what
it won are a cost per one to work out); and the assistant's last turn asked for no input (a reply to
that is data; a reply to :data:`REPLY` is more scene); and it names no two things as alternatives ("A or B for our
hotel": which of them is asked, without a question mark).
"""
from __future__ import annotations

import re

from agent.offline import channelfig, platformfig
from agent.offline.asking import asks_anything
from agent.offline.compose import statement
from agent.offline.parse import parse
from rag.anyword import any_word

REPLY = ("What would you like to work out first: typical costs for a business like yours, what your budget "
         "buys, how many people you can reach, or how to split the budget across channels?")
# a question word anywhere ("at what point do I act"), or a sentence opened by a verb that asks ("should we …")
_ASKING = re.compile(r"\b(?:what|whats|how|hows|which|when|whens|where|wheres|why|whys|who|whos|whom|whose)\b|"
                     r"(?:^|[.!;:,]\s*|\b(?:and|so|but|then|also|now)\s+)(?:should|shall|can|could|would|will|do|does|did|"
                     r"is|are|was|were|am|may|might|must|any)\b", re.I)
_REQUEST = any_word("tell", "give", "show", "list", "help", "calculate", "compute", "estimate", "work out",
                    "figure out", "redo", "recalculate", "explain", "compare", "suggest", "recommend", "walk", "find",
                    "size", "split", "allocate", "draft", "build", "make", "check", "review", "advise", "plan it",
                    "need", "want", "would like", "'d like", "looking for", "wondering", "curious", "let me know",
                    "ignore", "forget", "pretend", "print", "confirm", "repeat", "say", "write")
_OWN = any_word("i", "i'm", "i am", "we", "we're", "we are", "our", "my", "us")


def only(text: str, p, previous: tuple | None = None) -> bool:
    """Does ``text`` (parsed as ``p``) only set the scene? ``previous``: (text, answer, …) of the last turn."""
    if asks_anything(text) or _ASKING.search(text) or _REQUEST.search(text) or not _OWN.search(text) or statement(text):
        return False
    from agent.offline import sidebyside  # (imported here: it reads the reader, which this module's users precede)
    if sidebyside.sides(text):  # "Tripadvisor or Trivago for our hotel, we have 20k": alternatives named ask which
        return False
    roles = {n.role for n in p.numbers}
    if p.calc is not None or p.audiences or p.metrics or p.metric_phrases or p.step or {"budget", "count"} <= roles:
        return False
    if previous and previous[1].rstrip().endswith("?") and previous[1] != REPLY:
        return False  # the reply to a question the assistant asked: an input, read as such
    plan_part = p.vertical or p.business_phrase or p.industry_phrase or p.geographies or any(
        n.role in ("budget", "owned") for n in p.numbers) or channelfig.named(text)
    return bool(plan_part)


def platform(text: str, earlier: list[str]) -> str | None:
    """The one ad platform the user said they buy in the last message that only set the scene ("we spend 25k a
    month on Google search"), when ``text`` names none: "what CPC should I expect?" then asks that platform's."""
    if platformfig.platforms(text):
        return None
    for said in reversed(earlier):
        named = platformfig.platforms(said)
        if named:
            return named[0] if len(named) == 1 and only(said, parse(said)) else None
    return None
