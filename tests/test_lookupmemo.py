"""Speed without a changed answer: the look-ups kept per engine (:mod:`mpa.lookupmemo`) answer as a fresh look-up
does, hand each caller its own copy, and are asked afresh when what decides them changes (the meaning similarity
plugged in, or its switch); patterns made from words compile past ``re``'s own cache (:func:`rag.regexes.compiled`).
On kb/ and a plain-text KB, with the session engines."""
from __future__ import annotations

import re

import pytest

from mpa import lookupmemo, resolve
from mpa.fact_lookups import find_audience, find_benchmarks
from rag.regexes import compiled


@pytest.mark.parametrize("engine_name,vertical,metric,audience", [
    ("shipped_engine", "online shop selling sneakers", "CPC", "pet owners"),
    ("kb_txt_engine", "a store selling things online", "cost per acquisition", "parents of young kids"),
])
def test_a_kept_lookup_is_the_fresh_one_and_a_copy(request, engine_name, vertical, metric, audience):
    engine = request.getfixturevalue(engine_name)
    for find, args in ((find_benchmarks, (vertical, metric, None)), (find_audience, (audience, None))):
        kept = lookupmemo.kept(find, engine, *args)
        assert kept == find(engine, *args)
        for r in (kept.result if isinstance(kept.result, list) else [kept.result]):
            if r is not None:
                r.source = "changed by a caller"  # the caller's own copy
        assert lookupmemo.kept(find, engine, *args) == find(engine, *args)


def test_asked_afresh_when_the_meaning_or_its_switch_changes(kb_txt_engine):
    from agent.offline import semantic
    asked: list[str] = []

    def find(engine, phrase):
        asked.append(phrase)
        return len(asked)

    assert lookupmemo.kept(find, kb_txt_engine, "a bakery") == lookupmemo.kept(find, kb_txt_engine, "a bakery") == 1
    plugged = resolve.meaning_key()[0]
    resolve.use_meaning(lambda phrase, texts: [0.0] * len(texts))
    try:
        assert lookupmemo.kept(find, kb_txt_engine, "a bakery") == 2  # another similarity: asked again
    finally:
        resolve.use_meaning(plugged)
    was_off = semantic.switched_off()
    semantic.disable(not was_off)
    try:
        assert lookupmemo.kept(find, kb_txt_engine, "a bakery") == 3  # the switch flipped: asked again
    finally:
        semantic.disable(was_off)
    assert lookupmemo.kept(find, kb_txt_engine, "a bakery") == 1 and asked == ["a bakery"] * 3
    assert lookupmemo.kept(find, kb_txt_engine, ["not", "a", "value"]) == 4  # not a string: never kept


def test_a_pattern_made_from_words_stays_out_of_re_cache():
    pattern = r"(?<![\w-])" + re.escape("harbour cruises ltd, kept apart") + r"(?![\w-])"
    made = compiled(pattern, re.I)
    assert (str, pattern, re.I.value) not in re._cache  # it pushed no fixed pattern out of re's cache
    assert compiled(pattern, re.I) is made and made.search("Book HARBOUR CRUISES LTD, KEPT APART now")
    assert (made.pattern, made.flags) == (re.compile(pattern, re.I).pattern, re.compile(pattern, re.I).flags)


def test_sides_read_again_once_the_kb_declares_its_own_platforms():
    """The sides a message sets side by side are kept per message and declaration: a platform the KB declares later
    ("Nextdoor Ads") becomes a side of the same message."""
    from agent.offline import kblabels, sidebyside
    text = "nextdoor or meta, which one is cheaper for a plumber?"
    before = [s.name for s in sidebyside.sides(text)]
    kblabels.declare([{"name": "get_benchmark", "input_schema": {"properties": {"platform": {
        "description": "The platform. This knowledge base's own platforms: Nextdoor Ads."}}}}])
    try:
        after = [s.name for s in sidebyside.sides(text)]
    finally:
        kblabels.declare(None)
    assert "Nextdoor Ads" not in before and "Nextdoor Ads" in after
    assert [s.name for s in sidebyside.sides(text)] == before
