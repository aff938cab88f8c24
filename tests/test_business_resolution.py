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
def _meaning(request, tmp_path_factory):
    """The encoder on for the whole module (:func:`conftest.meaning_folder` keeps its vectors)."""
    import os

    from agent.offline import semantic
    from conftest import meaning_folder
    old = os.environ.get("MPA_MEANING_CACHE")
    os.environ["MPA_MEANING_CACHE"] = str(meaning_folder(request.config, tmp_path_factory))
    semantic.disable(False)
    yield
    semantic.save()
    semantic.disable()
    if old is None:
        os.environ.pop("MPA_MEANING_CACHE", None)
    else:
        os.environ["MPA_MEANING_CACHE"] = old


# kb/'s pieces take ~4 s of CPU to encode from a cold cache (a fresh clone's first run, or after rag/dense.py changed),
# so its cases run with `pytest -m slow`; the two fixture KBs (~0.4 s each) run by default, and the gated
# tools eval exercises the same resolution on kb/ in every `make test`
_KB_SLOW = pytest.mark.slow
MAPS = [  # (engine, business phrase, metric, the KB's vertical)
    pytest.param("shipped_engine", "psychotherapy practice", "CAC", "healthcare", marks=_KB_SLOW),
    pytest.param("shipped_engine", "physiotherapy clinic network", "CPC", "healthcare", marks=_KB_SLOW),
    pytest.param("shipped_engine", "weekend coding bootcamp", "CPC", "education", marks=_KB_SLOW),
    pytest.param("shipped_engine", "lakeside cottage rentals", "CAC", "travel", marks=_KB_SLOW),
    pytest.param("shipped_engine", "indie console shooter studio", "CPC", "gaming", marks=_KB_SLOW),
    pytest.param("shipped_engine", "lakeside cottage rentals", "CPC", "travel", marks=_KB_SLOW),
    ("kb_txt_engine", "graduate business school", "CPC", "Higher Education"),
    ("kb_alt_engine", "animal hospital", "cost per click", "Veterinary clinics"),
]
DECLINES = [  # (engine, business phrase, metric)
    pytest.param("shipped_engine", "medical cannabis dispensary", "CPC", marks=_KB_SLOW),   # the KB lists cannabis as not covered
    pytest.param("shipped_engine", "doggy daycare and walking", "CPC", marks=_KB_SLOW),      # … nor pet care
    pytest.param("shipped_engine", "emergency animal hospital", "CPC", marks=_KB_SLOW),     # a word rule reads "hospital"; pet care is not covered
    pytest.param("shipped_engine", "event venue rental", "CPC", marks=_KB_SLOW),
    pytest.param("shipped_engine", "trucking freight carrier", "CPC", marks=_KB_SLOW),
    pytest.param("shipped_engine", "pest control service", "CPC", marks=_KB_SLOW),
    ("kb_txt_engine", "dog daycare", "CPC"),
    ("kb_txt_engine", "mobile puzzle app", "CPC"),
    ("kb_alt_engine", "trucking freight carrier", "cost per click"),
    ("kb_alt_engine", "coding bootcamp", "cost per click"),
]


def test_wording_is_unseen():
    assert_unseen([getattr(m, "values", m)[1] for m in MAPS], [getattr(d, "values", d)[1] for d in DECLINES])


@pytest.mark.parametrize("engine,phrase,metric,vertical", MAPS)
def test_business_maps_to_the_vertical_the_kb_describes(request, engine, phrase, metric, vertical):
    found = find_benchmarks(request.getfixturevalue(engine), phrase, metric).result
    assert found and {f.vertical for f in found} == {vertical}


@pytest.mark.parametrize("engine,phrase,metric", DECLINES)
def test_business_the_kb_does_not_describe_is_declined(request, engine, phrase, metric):
    found = find_benchmarks(request.getfixturevalue(engine), phrase, metric)
    assert not found.result and "verticals" in found.reason


def test_the_tool_says_how_it_matched_on_a_fixture_kb(kb_txt_engine):
    out = ToolExecutor(kb_txt_engine).execute("get_benchmark", {"vertical": "graduate business school", "metric": "CPC"})
    assert "Higher Education" in out.content and "matched_by meaning" in out.content


@_KB_SLOW
def test_the_tool_says_how_it_matched(shipped_engine):
    out = ToolExecutor(shipped_engine).execute("get_benchmark", {"vertical": "psychotherapy practice",
                                                                 "metric": "CAC"})
    assert "healthcare" in out.content and "matched_by meaning" in out.content


def test_the_kb_own_not_covered_list_is_read():
    said = business.uncovered_names(["Tattooing, pawn shops, scrap dealers and bail bonds have no benchmarks here."])
    assert {"Tattooing", "pawn shops", "scrap dealers", "bail bonds"} <= set(said)


def test_the_offline_agent_says_the_tools_match_note_in_plain_words(kb_txt_engine):
    """The tool's "matched_by: no match (… ask which is closest)" is written for the model; the offline
    agent's decline says it to the user plainly instead of echoing it."""
    from agent.offline.compose import abstain

    reason = find_benchmarks(kb_txt_engine, "trucking freight carrier", "CPC").reason
    said = abstain([("a trucking freight carrier CPC benchmark", reason)], [])
    assert "matched_by" in reason and "ask which is closest" in reason
    assert "matched_by" not in said and "ask which" not in said and "described closely enough" in said
