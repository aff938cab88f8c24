"""A business the KB does not describe must not borrow another's figures through a word it shares only by
chance: a stem ("cycling" meets "sales cycles"), a word every vertical's text uses in another sense ("holiday"
in each seasonality note), or one modifier of a label ("charter" of "Charter Schools"). On kb/ (the tables'
retrieval fallback, :func:`mpa.resolve.own_word_said`) and on the plain-text KBs (the label rule,
:func:`mpa.labels.match_labels`). Wording of this file's own (``tests/unseen_wording.py``)."""
from __future__ import annotations

import pytest

from mpa import resolve
from mpa.fact_lookups import find_benchmarks
from mpa.lookups import lookup_benchmark
from tests.test_business_resolution import _meaning  # noqa: F401  (the encoder on, as the agent runs)
from tests.unseen_wording import assert_unseen

TEXTS = {  # three verticals' own texts, written for this test
    "software": "Software vendors. Buying cycles run long, and holiday weeks are slow for demos.",
    "toys": "Toy makers and hobby shops. Holiday weeks are the peak for gifts.",
    "garden": "Garden centres and nurseries. Holiday weekends bring the most visitors.",
}

# (engine, business, a label it must not be read as) — each was read as that label before
BORROWED = [
    ("shipped_engine", "holiday cycling", "saas"),       # "cycling" is a stem of "cycles"; holidays are every vertical's
    ("shipped_engine", "budget cycling", "saas"),
    ("kb_txt_engine", "improv comedy club", "Home Improvement and Roofing"),   # a stem shared by chance
    ("kb_txt_engine", "senior dog walking", "Senior Living"),                  # one modifier of the label
    ("kb_txt3_engine", "charter boat trips", "Charter Schools"),
]
KEPT = [  # a label part said whole still names the business
    ("kb_txt_engine", "hvac repair contractors", "Plumbers and HVAC"),
    ("kb_txt_engine", "tax preparers", "Accountants and Tax Services"),
]


def test_wording_is_unseen():
    assert_unseen([b for _, b, _ in BORROWED], [b for _, b, _ in KEPT])


def test_a_stem_shared_by_chance_is_not_the_business_word():
    assert not resolve.own_word_said("cycling tours", TEXTS["software"], TEXTS)


def test_a_word_most_verticals_use_says_nothing_of_the_business():
    assert not resolve.own_word_said("holiday weeks", TEXTS["software"], TEXTS)
    assert resolve.own_word_said("software holiday weeks", TEXTS["software"], TEXTS)
    assert resolve.own_word_said("hobby kits", TEXTS["toys"], TEXTS)


def _verticals(engine, business: str) -> set[str]:
    if hasattr(engine, "chunks") and any(c.source.endswith(".md") for c in engine.chunks):
        found = lookup_benchmark(engine, business, "CPA").result
        return {found.vertical} if found else set()
    return {f.vertical for f in find_benchmarks(engine, business, "CPC").result or []}


@pytest.mark.parametrize("engine,business,label", BORROWED)
def test_a_business_sharing_a_word_by_chance_gets_no_figures_of_that_label(request, engine, business, label):
    assert label not in _verticals(request.getfixturevalue(engine), business)


@pytest.mark.parametrize("engine,business,label", KEPT)
def test_a_label_part_said_whole_still_names_the_business(request, engine, business, label):
    assert _verticals(request.getfixturevalue(engine), business) == {label}


def test_the_kbs_own_wording_of_a_business_still_resolves_on_kb(shipped_engine):
    """The fallback still finds a vertical whose passage says the user's word itself ("grocery" in retail's)."""
    found = lookup_benchmark(shipped_engine, "grocery", "CPA").result
    assert found and found.vertical == "retail"
