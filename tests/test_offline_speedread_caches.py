"""The reading caches and scan gates of the speed pass give what an uncached, unskipped reading gives, and a fresh
result when what they are keyed on changes (agent.offline.needed, cues, nearmax, kblabels, bizwords, placemeant)."""
import re

import pytest

from agent.offline import bizwords, cues, kblabels, nearmax, needed, placemeant, semantic


def _tools(labels: str = "", platforms: str = "") -> list[dict]:
    props = {"vertical": {"description": f"This knowledge base's own: {labels}." if labels else ""},
             "platform": {"description": f"This knowledge base's own platforms: {platforms}." if platforms else ""}}
    return [{"name": "get_benchmark", "input_schema": {"properties": props}}]


@pytest.fixture
def declared():
    yield lambda **kw: kblabels.declare(_tools(**kw))
    kblabels.declare([])


def test_needed_words_are_held_by_every_match():
    form = re.compile(r"\b(?:we|i) (?:buy|sell) (?P<p>[a-z]+)(?: online| in (?:a|our) (?:shop|store))?", re.I)
    assert needed.words(form) == ("buy", "sell")
    assert needed.words(re.compile(r"\b[a-z]+ly\b")) == ("ly",)
    assert needed.words(re.compile(r"(?:x|\d)+")) == ("",)  # a class in a branch: nothing can be required
    for text in ("We BUY lamps", "we sell bikes in our shop", "no verb here", "Wé sell lamps"):
        assert needed.may_match(form, text) or not form.search(text)
    assert not needed.may_match(form, "no verb here") and needed.may_match(form, "nö verb here")  # not ASCII: scanned
    assert not cues.may_say("Nothing", ("like",)) and cues.may_say("LIKE ours", ("like",))


def test_platforms_and_business_words_follow_the_declaration(declared):
    declared(platforms="National Trade Shows, Apple Search Ads")
    assert [n for _, _, n in kblabels.platforms_in("half into national trade shows")] == ["National Trade Shows"]
    assert [n for _, _, n in kblabels.platforms_in("and trade shows?")] == ["National Trade Shows"]  # its tail
    declared(labels="Zorbulous Widgets")
    assert kblabels.platforms_in("half into national trade shows") == []
    assert bizwords.business_words("zorbulous")
    declared()
    assert not bizwords.business_words("zorbulous")


def test_is_place_keyed_on_the_kb_and_the_encoder(meaning):
    assert placemeant.is_place("porto") and not placemeant.is_place("ski lodges")
    semantic.disable()  # (the fixture turns it back on and off again)
    assert not placemeant.is_place("porto")  # encoder off: only the lists decide (none here)


def test_highest_is_the_greatest_similarity(meaning):
    names = ["bakery", "dental clinic", "", "law firm", "Denver", "  ski   lodges "]
    for phrase in ("lisbon", "a dentist", "pottery studio"):
        assert nearmax.highest(phrase, names) == max(semantic.similarities(phrase, names))
    assert nearmax.highest("", names) is None and nearmax.highest("lisbon", []) is None
