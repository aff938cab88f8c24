"""get_benchmark resolves words users type that the synonym vocabulary does not hold, by general
rules (mpa.resolve: stemmed overlap with the KB's own labels, then retrieval over the KB), and
never turns an unknown industry or metric into another pair's numbers. The phrases here are not
in datasets/ (they are the rules' unseen paraphrases)."""
from __future__ import annotations

import pytest

from mpa import resolve
from mpa.lookups import lookup_benchmark
from mpa.vocabulary import canonical


@pytest.mark.parametrize("vertical, metric, want", [
    ("brands selling through their own store online", "cost to land one customer", ("ecommerce", "CAC")),
    ("B2B companies", "cost of one lead", ("saas", "CPL")),
    ("hotel brands", "return on the ads", ("travel", "ROAS")),
    # once a known miss (education's CPC and CTR notes share one chunk): what each metric's note and cell say
    # it counts tells price from rate (mpa.counted)
    ("colleges", "price of a click", ("education", "CPC")),
])
def test_unseen_phrases_resolve_on_the_shipped_kb(shipped_engine, vertical, metric, want):
    assert canonical(vertical, "verticals") is None or canonical(metric, "metrics") is None
    r = lookup_benchmark(shipped_engine, vertical, metric).result
    assert r is not None and (r.vertical, r.metric) == want


@pytest.mark.parametrize("vertical, metric", [
    ("solar panel installers", "cost of one lead"),   # an industry the KB never mentions
    ("colleges", "cost per widget"),                  # a metric no label or section shares a word with
])
def test_unknown_words_resolve_to_nothing(shipped_engine, vertical, metric):
    assert lookup_benchmark(shipped_engine, vertical, metric).result is None


def test_resolution_works_on_the_fixture_kb(fixture_engine):
    r = lookup_benchmark(fixture_engine, "ecommerce", "cost to land one customer").result
    assert r is not None and r.vertical == "ecommerce" and r.metric == "CAC"


def test_label_overlap_rules():
    labels = {"CPL": "CPL (cost per lead)", "CPC": "CPC (cost per click)", "CTR": "CTR (click-through rate)"}
    assert resolve.by_labels("cost of a lead", labels) == "CPL"
    assert resolve.by_labels("click", labels, min_coverage=0.5) is None  # a tie is not a match
    assert resolve.same_word("impress", "impression") and not resolve.same_word("lead", "leav")
