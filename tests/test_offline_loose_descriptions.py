"""Benchmark questions that describe the metric by what it measures and the business in an owner's
words, in this file's own wording (``tests/unseen_wording.py``): the parser reads the metric
(:mod:`agent.offline.metricforms`), the benchmark tool resolves the business from the KB's own text,
on ``kb/`` and on ``tests/fixtures/kb_txt`` — and an uncovered business stays uncovered."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline.business import business
from agent.offline.parse import parse
from mpa import resolve
from mpa.fact_lookups import find_benchmarks
from mpa.labels import match_labels
from tests.unseen_wording import assert_unseen

NOT_DESCRIBED = [
    "what share of our budget should go to search",         # a share of money, not of people clicking
    "how much revenue did the spring sale bring in",        # revenue, but not per ad dollar
    "what does it cost to run a thousand-person survey",   # no price per thousand shown
]


def test_wording_is_own():
    assert_unseen(NOT_DESCRIBED)


def test_the_conversation_probes_wording_is_own():
    import importlib.util
    spec = importlib.util.spec_from_file_location("probe_loose", Path(__file__).resolve().parents[1] / "bench" / "probe_loose.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert len(mod.PROBES) >= 40 and sum(w is None for _, _, w in mod.PROBES) >= 8
    assert_unseen([t for _, turns, _ in mod.PROBES for t in turns])


def test_the_words_of_a_description_price_no_other_unit():
    assert parse("what do a thousand views of our banner cost?").metric_phrases == []
    assert parse("How much should each new shopper cost us?").metric_phrases == []


@pytest.mark.parametrize("text", NOT_DESCRIBED)
def test_a_share_or_a_revenue_that_is_no_ratio_names_no_metric(text):
    assert not {"CTR", "ROAS", "CPM"} & set(parse(text).metrics)


def test_a_follow_up_that_swaps_only_a_unit_names_no_business():
    assert business("and a single install?") is None


def test_the_same_question_for_another_business_is_a_follow_up():
    assert parse("Same question for a ski lodge.").followup and parse("same thing for a bakery?").followup


def test_a_web_shop_is_an_online_store():
    assert "online store" in business("We run a little web boutique selling candles. CPC?").phrase


def test_a_comparison_is_not_what_a_metric_counts():
    assert resolve.without_contrast("CPA counts submitted applications, a deeper action than an inquiry.") == \
        "CPA counts submitted applications."


def test_a_hyphenated_trade_written_with_spaces_is_the_same_trade():
    assert match_labels("personal injury law practice", ["Beauty and Personal Care", "Attorneys and Legal Services"]) \
        == ["Attorneys and Legal Services"]


@pytest.mark.parametrize("phrase", ["law practice", "law office"])
def test_a_trade_is_the_same_whatever_the_organisation_is_called(phrase):
    assert match_labels(phrase, ["Dental Practices", "Attorneys and Legal Services"]) == ["Attorneys and Legal Services"]
    assert match_labels("dental office", ["Dental Practices", "Attorneys and Legal Services"]) == ["Dental Practices"]


def test_what_a_vertical_lists_beats_where_another_sells():
    intros = {"retail": "# Retail\n\nRanges for retail advertisers: department stores, specialty chains and grocers "
                        "that sell through both stores and websites.",
              "cpg": "# CPG\n\nRanges for CPG advertisers: food, beverage and household products sold mainly "
                     "through grocery and online retailers."}
    assert resolve.saying("grocery", intros) == "retail"


@pytest.fixture(scope="module")
def txt_engine(kb_txt_engine):
    return kb_txt_engine  # the session's engine of tests/fixtures/kb_txt: building it is not what is tested


KB_PAIRS = [("grocery chain", "CPM", "retail", "CPM"),
            ("community college", "cost per enrollment inquiry", None, None),  # an inquiry is no application
            ("hospital network", "CPC", "healthcare", "CPC")]
UNCOVERED = [("personal injury law practice", "CPC"), ("dog grooming salon", "CPC"), ("wedding photographer", "CPC"),
             ("tattoo marketplace", "CPC")]  # a marketplace is a form of organisation, not the car trade's


@pytest.mark.parametrize("vertical,metric,want_v,want_m", KB_PAIRS)
def test_kb_resolves_a_loose_business_and_metric(shipped_engine, vertical, metric, want_v, want_m):
    found = find_benchmarks(shipped_engine, vertical, metric).result
    if want_v is None:
        assert not found or found[0].metric != "CPA"
    else:
        assert found and (found[0].vertical, found[0].metric) == (want_v, want_m)


@pytest.mark.parametrize("vertical,metric", UNCOVERED)
def test_kb_declines_a_business_it_does_not_cover(shipped_engine, vertical, metric):
    assert not find_benchmarks(shipped_engine, vertical, metric).result


def test_a_unit_said_with_a_modifier_is_priced_by_its_last_word(shipped_engine, txt_engine):
    from mpa import resolve as r
    r.use_meaning(lambda p, ts: [0.9 if (p, t) == ("download", "install") else 0.1 for t in ts])
    try:
        assert find_benchmarks(shipped_engine, "gaming", "cost per app download").result[0].metric == "CPI"
        assert find_benchmarks(txt_engine, "Dental Practices", "cost per app download").result == []  # no CPI there
    finally:
        import agent.offline  # noqa: F401  (the agent plugs its encoder back in on import; tests run in any order)
        from agent.offline import semantic
        r.use_meaning(semantic.similarities)


def test_kb_txt_reads_a_spaced_trade_name(txt_engine):
    found = find_benchmarks(txt_engine, "personal injury law practice", "CPC").result
    assert found and {f.vertical for f in found} == {"Attorneys and Legal Services"}


@pytest.mark.parametrize("vertical", ["funeral home", "car wash"])
def test_kb_txt_declines_a_business_it_does_not_cover(txt_engine, vertical):
    assert not find_benchmarks(txt_engine, vertical, "CPC").result
