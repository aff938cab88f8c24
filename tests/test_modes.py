"""Modes, query-adaptive weights, reranking and the search cache."""
import json

import pytest

from rag.cache import TTLCache
from rag.config import RagConfig, get_preset
from mpa.engine import domain
from mpa.intent import detect_intent
from rag.rerank import FeatureReranker, LLMReranker
from tests.fake_anthropic import FakeMessagesServer, error_body, tool_use_message


@pytest.mark.parametrize("query,intent", [
    ("What is KPI-NC-01?", "definition"),
    ("define incrementality", "definition"),
    ("typical ecommerce CAC", "numeric"),
    ("how much should a DTC brand pay per click", "numeric"),
    ("how do I set up a geo-lift test", "procedure"),
    ("CTV vs OOH for awareness", "comparison"),
    ("difference between CAC and CPA", "comparison"),
    ("brand safety", "exploratory"),
])
def test_intent_detection(query, intent):
    assert detect_intent(query).intent == intent


@pytest.mark.parametrize("query,ident", [
    ("What does PACE-90/110 mean", "PACE-90/110"), ("KPI-NC-01 definition", "KPI-NC-01"),
    ("the pacing_index field", "pacing_index"), ("is PerformanceMax good", "PerformanceMax"),
    ('find "creative fatigue"', '"creative fatigue"'),
])
def test_identifier_detection(query, ident):
    assert ident in detect_intent(query).identifiers
    assert not detect_intent("how to plan a budget").identifiers


def test_identifiers_force_bm25(fixture_engine):
    e = fixture_engine.with_config(RagConfig(adaptive=True, tfidf_weight=0.9, bm25_weight=0.1))
    res = e.search("tracked as KPI-NC-01", top_k=1)
    assert "KPI-NC-01" in res[0].chunk.text


@pytest.mark.parametrize("mode", ["fast", "balanced", "thorough"])
def test_modes_return_ranked_results(fixture_engine, mode):
    res = fixture_engine.search("typical ecommerce CAC", top_k=3, mode=mode)
    assert res[0].chunk.source == "benchmarks-ecommerce.md"
    assert all(0 <= r.score <= 1 for r in res)
    if mode == "fast":
        assert all(r.breakdown["tfidf"] == 0.0 for r in res)  # lexical BM25 only
    if mode == "thorough":
        assert all("rerank" in r.breakdown and "f_coverage" in r.breakdown for r in res)


def test_bad_mode_is_a_clear_error(fixture_engine):
    with pytest.raises(ValueError, match="mode must be"):
        fixture_engine.search("x", mode="turbo")


def test_feature_reranker_prefers_phrase_and_title_matches(fixture_engine):
    e = fixture_engine
    q = "creative fatigue"
    intent = detect_intent(q)
    rows = list(range(len(e.chunks)))
    ranked = FeatureReranker().rerank(e, q, [(r, 0.5) for r in rows], intent)
    top = e.chunks[ranked[0][0]]
    assert "Creative Fatigue" in top.text
    f = ranked[0][2]
    assert f["phrase"] == 1.0 and f["coverage"] == 1.0 and 0 <= ranked[0][1] <= 1


def test_cache_hits_and_ttl():
    now = [0.0]
    c = TTLCache(ttl=10, maxsize=2, clock=lambda: now[0])
    assert c.get("a") is None
    c.put("a", 1)
    assert c.get("a") == 1
    now[0] = 11
    assert c.get("a") is None and c.stats()["expired"] == 1
    c.put("a", 1), c.put("b", 2), c.put("c", 3)
    assert c.get("a") is None and c.stats()["evicted"] == 1
    s = c.stats()
    assert s["hits"] == 1 and s["misses"] == 3 and 0 < s["hit_rate"] < 1


def test_engine_search_uses_cache_keyed_by_arguments(fixture_engine):
    e = fixture_engine.with_config(fixture_engine.config)
    a = e.search("typical ecommerce CAC")
    b = e.search("typical ecommerce CAC")
    assert [r.chunk.id for r in a] == [r.chunk.id for r in b]
    assert e.cache.stats()["hits"] == 1
    e.search("typical ecommerce CAC", top_k=2)
    e.search("typical ecommerce CAC", mode="fast")
    assert e.cache.stats()["hits"] == 1 and e.cache.stats()["misses"] == 3
    b.clear()  # a caller mutating its list must not corrupt the cache
    assert len(e.search("typical ecommerce CAC")) == len(a)


def _scores_message(ids, target):
    scores = [{"id": i, "score": 10 if i == target else 1} for i in ids]
    return tool_use_message(("toolu_1", "record_relevance", {"scores": scores}))


def test_llm_reranker_through_the_sdk(fixture_engine):
    """The real anthropic SDK against the fake Messages server on 127.0.0.1."""
    import anthropic  # here, not at the top: ~1-2 s of imports every xdist worker would pay to collect

    e = fixture_engine
    target = [c.id for c in e.chunks if c.doc_id == "audience-guide"][0]
    cands = [(i, 0.5) for i in range(len(e.chunks))]
    with FakeMessagesServer([_scores_message([c.id for c in e.chunks], target)]) as srv:
        client = anthropic.Anthropic(api_key="test-key", base_url=srv.url, max_retries=0)
        rr = LLMReranker(client=client, model="claude-test")
        q = "typical ecommerce CAC"
        ranked = rr.rerank(e, q, cands, detect_intent(q))
        assert e.chunks[ranked[0][0]].id == target and ranked[0][2]["llm"] == 1.0
        assert len(srv.requests) == 1  # one batched call for every candidate
        body = srv.requests[0]
        assert body["tool_choice"] == {"type": "tool", "name": "record_relevance"}
        assert body["model"] == "claude-test" and body["tools"][0]["name"] == "record_relevance"
        assert body["temperature"] == 0
        assert all(f'<passage id="{c.id}">' in body["messages"][0]["content"] for c in e.chunks)
        rr.rerank(e, q, cands, detect_intent(q))
        assert len(srv.requests) == 1  # cached


def test_llm_reranker_falls_back_on_error(fixture_engine):
    import anthropic

    with FakeMessagesServer([(500, error_body("api_error", "boom"))]) as srv:
        client = anthropic.Anthropic(api_key="k", base_url=srv.url, max_retries=0)
        rr = LLMReranker(client=client)
        q = "creative fatigue"
        ranked = rr.rerank(fixture_engine, q, [(i, 0.5) for i in range(len(fixture_engine.chunks))], detect_intent(q))
    assert rr.errors == 1 and "coverage" in ranked[0][2]


def test_thorough_preset_exists():
    assert get_preset("thorough").mode == "thorough" and get_preset("fast").mode == "fast"


def test_step_reference_feature(shipped_engine):
    q = "For a geo-lift test, how does Step 4 choose control markets"
    intent = detect_intent(q)
    rows = [i for i, c in enumerate(shipped_engine.chunks) if c.source in ("step-04-geography.md", "channel-ooh.md")]
    ranked = FeatureReranker().rerank(shipped_engine, q, [(r, 0.5) for r in rows], intent)
    feats = {shipped_engine.chunks[r].source: f["step"] for r, _, f in ranked}
    assert feats["step-04-geography.md"] == 1.0 and feats["channel-ooh.md"] < 1.0
    def rank(engine, mode=None):
        srcs = [r.chunk.source for r in engine.search(q, top_k=10, mode=mode)]
        return srcs.index("step-04-geography.md") if "step-04-geography.md" in srcs else 99

    no_boost = shipped_engine.with_domain(domain(step_boost=1.0))
    assert rank(shipped_engine) < rank(no_boost)  # the search-time step boost
    assert rank(no_boost, "thorough") < rank(no_boost, "balanced")  # the reranker's step feature alone
