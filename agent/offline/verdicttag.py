"""A question that is only a verdict tag ("smart?", "ok?", "is she right?", "good idea or no?") asks nothing of its own.

Why: people put a proposal as a statement and ask for a verdict on it in a short tag after it — "my cousin wants
to put all of it on instagram. smart?", "the boss says we can skip the test. is he right?". Rules that read a
message's question sentence alone (to drop the story around it) then read the tag alone, whose words no passage
holds: the proposal is what is asked about, and the KB's rule about that kind of action answers it. A tag is a
short question made only of judging words, pronouns and auxiliaries; it names no topic.
"""
from __future__ import annotations

import re

MAX_WORDS = 7  # a verdict tag is short: "would you say that's a smart move?"
TAG_WORDS = frozenset("""
ok okay k fine alright allright right wrong correct true fair sensible sane smart wise clever dumb stupid silly crazy
nuts insane good bad great terrible idea ideas move call plan sound sounds solid reasonable legit safe risky wise
sensible worth it that this thats that's its it's is are was would will could should does do did make makes sense
you u your ur he she they we i me my our his her their him them a an the or no not nope yes yeah yep nah really
so too think thoughts take agree say what whats what's or or-not cool kosher valid allowed okay? any good enough
""".split())


# the words that judge: a tag holds one ("what do I do?" is pronouns and auxiliaries only, and asks for an action)
JUDGING = frozenset("""
ok okay k fine alright allright right wrong correct true fair sensible sane smart wise clever dumb stupid silly crazy nuts
insane good bad great terrible idea ideas sound sounds solid reasonable legit safe risky sense agree thoughts take cool
kosher valid allowed worth think
""".split())


def only_tag(asked: list[str]) -> bool:
    """Are the message's question sentences ``asked`` only a verdict tag (short, every word a judging word, a
    pronoun or an auxiliary, and one of them judging)? An empty list is no tag."""
    words = [w for s in asked for w in re.findall(r"[a-z']+", s.lower())]
    return bool(words) and len(words) <= MAX_WORDS and all(w in TAG_WORDS for w in words) and bool(JUDGING & set(words))


def proposal(parts: list[str], asked: list[str]) -> str:
    """The sentence a verdict tag judges: the one before the tag among the message's sentences ``parts`` (with the
    tag's own sentence when the tag ends it: "… swap it in — is he right?"), "" when the tag stands first."""
    i = next((k for k, s in enumerate(parts) if s in asked or asked[0] in s), None)
    if i is None:
        return ""
    if parts[i].strip() != asked[0].strip():  # the tag closes a longer sentence: that sentence is the proposal
        return parts[i]
    return parts[i - 1] if i > 0 else ""


def untagged(focus: str) -> str:
    """``focus`` without a verdict tag that ends it as a sentence of its own ("… on snapchat. smart??"): the tag's
    judging words ("smart", "fine") are no topic for the reader to match ("SMART objectives"). Else ``focus``."""
    from agent.offline.asking import question_sentences, sentences  # the tag read as the rest of the agent reads it
    parts, asked = sentences(focus), question_sentences(focus)
    if len(parts) > 1 and asked == parts[-1:] and only_tag(asked):
        return focus[:focus.rfind(parts[-1])].rstrip() or focus
    return focus
