"""The readers that may replace the reader's answer once the searches are in, in the order they take precedence.

Why a module of its own: these six were one line of ``or``-joined calls in :mod:`agent.offline.policy`, so which
reader wins was visible only by reading that line left to right. Here the order is a tuple with one reason per entry;
the first reader that returns an answer wins, and each is called only when every reader before it declined (the
readers search nothing themselves, but some are costly and some read files the conversation cited).
"""
from __future__ import annotations

from agent.offline import boundread, drawnon, meaningsearch, nextsection, provedworked, rulesection, searchq, sectionreads, versushead
from agent.offline.firstof import first


def first_reading(user_text: str, history: list, previous: tuple | None, outcomes: list, text: str,
                  max_sentences: int, said: list) -> str:
    """The answer of the first reader that gives one, else ``text`` (the reader's own answer)."""
    return first((
        # "what's the difference between A and B": the section the KB heads "A versus B"
        lambda: versushead.read(user_text, outcomes, text, max_sentences),
        # "and then?" after a section was quoted: the section that follows it
        lambda: nextsection.read(user_text, previous, outcomes, max_sentences),
        # a section asked for by what it is (its attribute, a quoted name, a step)
        lambda: sectionreads.read(user_text, searchq.focus(user_text, previous), history, previous, outcomes,
                                  text, max_sentences),
        # a question of whether a rule exists: the section stating the rule
        lambda: rulesection.read(user_text, outcomes, text, max_sentences),
        # "how would we know if it worked?": the measurement section its own search was made for
        lambda: provedworked.read(user_text, outcomes, max_sentences),
        # a passage found by meaning, preferring documents the conversation already cited
        lambda: meaningsearch.read(user_text, outcomes, text, max_sentences, drawnon.files(said)),
        # before declining: a later turn asking leave, read in the documents already cited
        lambda: boundread.read(user_text, outcomes, text, max_sentences, drawnon.files(said)),
    ), text)
