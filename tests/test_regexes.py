"""Patterns built at run time are compiled once per (pattern, flags) and behave as ``re.compile``'s
(:func:`rag.regexes.compiled`): the agent builds hundreds from words, which overflowed ``re``'s own cache."""
from __future__ import annotations

import re

from rag.regexes import compiled


def test_the_same_pattern_and_flags_give_the_same_compiled_pattern():
    word = re.escape("cost-per-lead (CPL)")
    p = compiled(rf"(?<![\w-]){word}(?![\w-])", re.I)
    assert p is compiled(rf"(?<![\w-]){word}(?![\w-])", re.I)
    assert p.search("our Cost-Per-Lead (cpl) is high") and not p.search("our cost-per-leads")


def test_flags_are_part_of_the_key():
    plain, folded = compiled("roas"), compiled("roas", re.I)
    assert plain is not folded
    assert plain.search("ROAS") is None and folded.search("ROAS")
    assert compiled("^a$", re.M).findall("a\nb\na") == ["a", "a"] and compiled("^a$").findall("a\nb\na") == []


def test_many_patterns_do_not_evict_each_other():
    first = compiled(r"\bword0\b")
    for i in range(1, 1500):  # more than re's own cache of 512
        compiled(rf"\bword{i}\b")
    assert compiled(r"\bword0\b") is first
