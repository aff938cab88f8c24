"""A cheap "cannot match" before a costly scan: the words a sentence form cannot match without.

Why: the readers scan every message with long case-blind patterns (a form tried at every word), and most messages
hold none of the words a given form needs — "like ours", a platform's name, "the end" of a video watched through.
A form is skipped only where that is provably what the scan would find: the message is ASCII (so its lower case is
what the case-blind match reads) and holds none of the form's cue words, each of which every match of the form
contains (the callers list them beside the form, and each is checked to be written in it).
"""
from __future__ import annotations

import re


def may_say(text: str, words: tuple[str, ...]) -> bool:
    """False only when ``text`` is ASCII and its lower case holds none of ``words`` (lower case)."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(w in low for w in words)


def written_in(form: re.Pattern, words: tuple[str, ...]) -> tuple[str, ...]:
    """``words``, each checked to be written in ``form`` (a guard against a cue drifting from its form)."""
    assert all(w in form.pattern.lower() for w in words), (form.pattern[:60], words)
    return words
