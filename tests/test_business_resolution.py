"""A business described in the user's own words, resolved from the KB's own text by meaning
(:mod:`mpa.business`) on all three KBs — and declined when the KB does not describe it closely
enough or says it does not cover it. Wording of this file's own (``tests/unseen_wording.py``)."""
from __future__ import annotations

import pytest

import agent  # noqa: F401  (plugs the sentence encoder into mpa.resolve)
from mpa import business
from mpa.fact_lookups import find_benchmarks
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

@pytest.fixture(autouse=True, scope="module")
def _meaning(tmp_path_factory):
    """The encoder on (its disk cache in a temporary folder), as in tests/test_offline_meaning.py."""
    import os

    from agent.offline import semantic
    old = os.environ.get("MPA_MEANING_CACHE")
    os.environ["MPA_MEANING_CACHE"] = str(tmp_path_factory.mktemp("meaning"))
    semantic.disable(False)
    yield
    semantic.save()
    semantic.disable()
    if old is None:
        os.environ.pop("MPA_MEANING_CACHE", None)
    else:
        os.environ["MPA_MEANING_CACHE"] = old


MAPS = [  # (engine, business phrase, metric, the KB's vertical)
    ("shipped_engine", "psychotherapy practice", "CAC", "healthcare"),
    ("shipped_engine", "physiotherapy clinic network", "CPC", "healthcare"),
    ("shipped_engine", "weekend coding bootcamp", "CPC", "education"),
    ("shipped_engine", "lakeside cottage rentals", "CAC", "travel"),
    ("shipped_engine", "indie console shooter studio", "CPC", "gaming"),
    ("shipped_engine", "lakeside cottage rentals", "CPC", "travel"),
    ("kb_txt_engine", "graduate business school", "CPC", "Higher Education"),
    ("kb_alt_engine", "animal hospital", "cost per click", "Veterinary clinics"),
]
DECLINES = [  # (engine, business phrase, metric)
    ("shipped_engine", "medical cannabis dispensary", "CPC"),   # the KB lists cannabis as not covered
    ("shipped_engine", "doggy daycare and walking", "CPC"),      # … nor pet care
    ("shipped_engine", "emergency animal hospital", "CPC"),     # a word rule reads "hospital"; pet care is not covered
    ("shipped_engine", "event venue rental", "CPC"),
    ("shipped_engine", "trucking freight carrier", "CPC"),
    ("shipped_engine", "pest control service", "CPC"),
    ("kb_txt_engine", "dog daycare", "CPC"),
    ("kb_txt_engine", "mobile puzzle app", "CPC"),
    ("kb_alt_engine", "trucking freight carrier", "cost per click"),
    ("kb_alt_engine", "coding bootcamp", "cost per click"),
]


def test_wording_is_unseen():
    assert_unseen([p for _, p, _, _ in MAPS], [p for _, p, _ in DECLINES])


@pytest.mark.parametrize("engine,phrase,metric,vertical", MAPS)
def test_business_maps_to_the_vertical_the_kb_describes(request, engine, phrase, metric, vertical):
    found = find_benchmarks(request.getfixturevalue(engine), phrase, metric).result
    assert found and {f.vertical for f in found} == {vertical}


@pytest.mark.parametrize("engine,phrase,metric", DECLINES)
def test_business_the_kb_does_not_describe_is_declined(request, engine, phrase, metric):
    found = find_benchmarks(request.getfixturevalue(engine), phrase, metric)
    assert not found.result and "verticals" in found.reason


def test_the_tool_says_how_it_matched(shipped_engine):
    out = ToolExecutor(shipped_engine).execute("get_benchmark", {"vertical": "psychotherapy practice",
                                                                 "metric": "CAC"})
    assert "healthcare" in out.content and "matched_by meaning" in out.content


def test_the_kb_own_not_covered_list_is_read():
    said = business.uncovered_names(["Tattooing, pawn shops, scrap dealers and bail bonds have no benchmarks here."])
    assert {"Tattooing", "pawn shops", "scrap dealers", "bail bonds"} <= set(said)
