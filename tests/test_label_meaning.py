"""A vertical label matched through one shared word is served only when meaning agrees (mpa/labelmeaning.py):
a word that is another trade's ("improv" theatre, a "garage" band) leaves the business unmatched, while a true
one-word match ("dental implant clinic" → "Dental Practices") still answers. kb/ states its benchmarks in
vertical tables matched by the vocabulary, not by label words, so the check is exercised on the plain-text KBs."""
from __future__ import annotations

import pytest

from mpa import resolve
from mpa.fact_lookups import find_benchmarks
from mpa.labels import match_labels

LABELS = ["Harbour Cruises", "Cruise Ship Suppliers", "Ferry Operators"]


def _similar(nearest: str, sim: float):
    return lambda phrase, texts: [sim if t == nearest else 0.1 for t in texts]


@pytest.fixture
def plugged():
    yield resolve.use_meaning
    import agent.offline  # noqa: F401  (the agent plugs its encoder back in on import; tests run in any order)
    from agent.offline import semantic
    resolve.use_meaning(semantic.similarities)


@pytest.mark.parametrize("nearest,sim,want", [
    ("Harbour Cruises", 0.7, ["Harbour Cruises"]),   # nearest and near: kept
    ("Ferry Operators", 0.7, []),                    # another label nearer: the shared word collides
    ("Harbour Cruises", 0.3, []),                    # nearest but far: no label
])
def test_one_shared_word_needs_meaning(plugged, nearest, sim, want):
    plugged(_similar(nearest, sim))
    assert match_labels("harbour seal watching", LABELS) == want


def test_without_an_encoder_the_word_match_stands(plugged):
    plugged(None)
    assert match_labels("harbour seal watching", LABELS) == ["Harbour Cruises"]


def test_two_shared_words_need_no_meaning(plugged):
    plugged(_similar("Ferry Operators", 0.9))
    assert match_labels("cruise ship catering", LABELS) == ["Cruise Ship Suppliers"]


@pytest.mark.parametrize("engine,business,served", [
    ("kb_txt_engine", "improv theatre troupe", None),
    ("kb_txt_engine", "senior prom photographer", None),
    ("kb_txt_engine", "dental implant clinic", "Dental Practices"),
    ("kb_txt2_engine", "garage band lessons", None),
    ("kb_txt2_engine", "moving image archive", None),
    ("kb_txt2_engine", "pest inspection", "Pest Control"),
    ("kb_txt3_engine", "school supplies", None),
    ("kb_txt3_engine", "automation consultants", "Industrial Automation Equipment"),
])
def test_plain_text_kbs(request, meaning, engine, business, served):
    found = find_benchmarks(request.getfixturevalue(engine), business, "CPC")
    if served:
        assert {f.vertical for f in found.result} == {served}
    else:
        assert not found.result and "no match" in found.reason
