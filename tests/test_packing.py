"""Packing policies: budget (exact tiktoken count), caps, MMR/redundancy, eviction order,
reunification, sentence-safe trimming, trace."""
import pytest

from rag.chunking import chunk_document
from rag.config import RagConfig
from rag.documents import load_directory
from mpa.engine import build_engine
from rag.packing import ContextPacker, joined_tokens, naive_pack, render_passage
from rag.passages import parse_passages
from rag.tokens import count_tokens
from rag.types import SearchResult


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    kb = tmp_path_factory.mktemp("packkb")
    long_par = " ".join(f"Pacing rule {i} keeps daily spend within tolerance for campaign planners." for i in range(60))
    (kb / "pacing.md").write_text(
        "# Pacing Guide\n\nHow to pace budgets.\n\n## Daily pacing\n\n" + long_par + "\n\n"
        "## Weekly pacing\n\nWeekly pacing compares spend against plan every Monday and moves budget between "
        "channels when delivery drifts. " * 3 + "\n")
    dup = "Geo-lift tests compare treated and control markets to measure incremental sales from media. " * 4
    (kb / "geo-a.md").write_text("# Geo A\n\n## Method\n\n" + dup + "\n")
    (kb / "geo-b.md").write_text("# Geo B\n\n## Method copy\n\n" + dup + "\n")
    (kb / "cac.md").write_text("# CAC Notes\n\n## What is CAC\n\nCAC is the cost to acquire one new customer, "
                               "defined as spend divided by new customers. " * 3 + "\n\n## CAC numbers\n\n"
                               "A typical CAC might be $45 per customer for a small brand, and $90 for a premium one. "
                               * 3 + "\n")
    return build_engine(kb, RagConfig())


def results_for(engine, query, k=20):
    return engine.search(query, top_k=k)


def test_budget_never_exceeded_exact_count(engine):
    res = results_for(engine, "pacing budget spend tolerance")
    for budget in (120, 300, 700, 5000):
        p = ContextPacker(engine, budget_tokens=budget).pack("pacing budget spend tolerance", res)
        assert p.tokens == count_tokens(p.text) <= budget
        assert p.trace["tokens"] == p.tokens


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_joined_count_is_the_whole_texts_count(kb, request):
    """The packer's count from cached parts equals tiktoken's count of the joined text, on every
    passage of both KBs (each joined with its neighbours, whole and trimmed), and a join that may
    merge pieces (a part without its newline, a part opening with a space) is counted whole."""
    chunks = request.getfixturevalue(kb).chunks
    rendered = [render_passage(c) for c in chunks] + [render_passage(c, c.text[: len(c.text) // 3]) for c in chunks]
    for i in range(0, len(rendered) - 3, 2):
        parts = rendered[i:i + 4]
        assert joined_tokens(parts) == count_tokens("".join(parts))
    for parts in (["hel", "lo world\n"], ["hello ", "world"], ["alpha\n", "  \n beta"], ["x\n\n", "\ny"]):
        assert joined_tokens(parts) == count_tokens("".join(parts)) != sum(count_tokens(p) for p in parts), parts


def test_labels_are_counted_and_passages_delimited(engine):
    res = results_for(engine, "geo-lift incremental")
    p = ContextPacker(engine, budget_tokens=4000).pack("geo-lift incremental", res)
    for c in p.chunks:
        assert f'<passage id="{c.id}"' in p.text
    assert p.tokens == count_tokens("".join(render_passage(c) for c in p.chunks))


@pytest.mark.parametrize("kind", ["document", "section"])
def test_soft_caps_make_over_cap_passages_yield_first(engine, kind):
    q = "pacing rule daily spend tolerance campaign budget"
    res = results_for(engine, q)
    caps = {"per_doc_cap": 1, "per_section_cap": 9} if kind == "document" else {"per_doc_cap": 9, "per_section_cap": 1}
    key = (lambda c: c.doc_id) if kind == "document" else (lambda c: (c.doc_id, c.section_path))
    tight = ContextPacker(engine, budget_tokens=260, reunify=False, min_relative_score=0, cap_penalty=0.5,
                          **caps).pack(q, res)
    keys = [key(c) for c in tight.chunks]
    assert len(keys) == len(set(keys)), "with no budget to spare, passages over the cap are evicted first"
    capped = [e for e in tight.trace["candidates"] if e["decision"] == "capped"]
    assert capped and all("over the per-document/section cap" in e["reason"] for e in capped)
    roomy = ContextPacker(engine, budget_tokens=8000, reunify=False, min_relative_score=0, cap_penalty=0.5,
                          **caps).pack(q, res)
    keys = [key(c) for c in roomy.chunks]
    assert len(keys) > len(set(keys)), "with budget to spare, over-cap passages still get in"
    by_id = {e["id"]: e for e in roomy.trace["candidates"]}
    seen = set()
    for c in roomy.chunks:  # every passage admitted beyond its cap says so in the trace
        k = key(c)
        assert (k in seen) == ("cap" in by_id[c.id]["reason"]), by_id[c.id]
        seen.add(k)


def test_default_caps_do_not_discount(engine):
    q = "pacing rule daily spend tolerance campaign budget"
    res = results_for(engine, q)
    p = ContextPacker(engine, budget_tokens=260, reunify=False, min_relative_score=0).pack(q, res)
    assert not any(e["decision"] == "capped" for e in p.trace["candidates"])  # cap_penalty 1.0


def test_low_relevance_candidates_are_not_packed(engine):
    q = "geo-lift treated control markets incremental"
    res = results_for(engine, q)
    p = ContextPacker(engine, budget_tokens=8000, min_relative_score=0.9).pack(q, res)
    low = [e for e in p.trace["candidates"] if e["decision"] == "low-relevance"]
    assert low and not ({e["id"] for e in low} & set(p.ids))


def test_near_duplicates_are_dropped_as_redundant(engine):
    res = results_for(engine, "geo-lift treated control markets incremental")
    ids = [r.chunk.doc_id for r in res[:2]]
    assert set(ids) == {"geo-a", "geo-b"}
    p = ContextPacker(engine, budget_tokens=8000, min_relative_score=0).pack(
        "geo-lift treated control markets incremental", res)
    assert not ({"geo-a", "geo-b"} <= {c.doc_id for c in p.chunks})
    assert any(e["decision"] == "redundant" for e in p.trace["candidates"])


def test_eviction_removes_lowest_marginal_value_not_the_tail(engine):
    q = "CAC cost customer pacing"
    res = results_for(engine, q, k=6)
    budget = sum(count_tokens(render_passage(r.chunk)) for r in res[:2]) + 5
    p = ContextPacker(engine, budget_tokens=budget, per_doc_cap=9, per_section_cap=9, reunify=False,
                      min_relative_score=0).pack(q, res)
    evicted = [e for e in p.trace["candidates"] if e["decision"] == "over-budget"]
    assert evicted and all("marginal" in e["reason"] or "exact" in e["reason"] for e in evicted)
    # the top-scored passage survives eviction
    assert res[0].chunk.id in p.ids


def test_trimmed_passage_ends_on_a_sentence(engine):
    q = "pacing rule daily spend tolerance"
    res = results_for(engine, q, k=3)
    first = res[0].chunk
    budget = count_tokens(render_passage(first)) // 2
    p = ContextPacker(engine, budget_tokens=budget, reunify=False).pack(q, res)
    assert p.tokens <= budget and p.chunks
    trimmed = [e for e in p.trace["candidates"] if "trimmed" in e["reason"]]
    assert trimmed
    body = p.text.split("\n", 1)[1].rsplit("\n</passage>", 1)[0]
    assert body.rstrip().endswith((".", "!", "?"))


def test_reunification_attaches_preceding_neighbour(engine):
    daily = [c for c in engine.chunks if c.doc_id == "pacing" and c.section_path[-1] == "Daily pacing"]
    assert len(daily) >= 2
    second = daily[1]
    res = [SearchResult(chunk=second, score=0.9, rank=1)]
    p = ContextPacker(engine, budget_tokens=8000).pack("pacing rule", res)
    assert p.ids == [daily[0].id, second.id]
    assert any("reunified" in e["reason"] for e in p.trace["candidates"])
    small = ContextPacker(engine, budget_tokens=count_tokens(render_passage(second)) + 2).pack("pacing rule", res)
    assert small.ids == [second.id]  # no budget left: no neighbour


def test_answerability_bonus_prefers_numbers_for_how_much(engine):
    res = results_for(engine, "how much is CAC", k=4)
    p = ContextPacker(engine, budget_tokens=8000).pack("how much is CAC", res)
    bonus = {e["id"]: e["bonus"] for e in p.trace["candidates"] if e["score"] is not None}
    numbers = [c.id for c in engine.chunks if c.doc_id == "cac" and "$45" in c.text]
    assert numbers and bonus[numbers[0]] > 0


def test_naive_packer_estimates_and_cuts(engine):
    res = results_for(engine, "pacing budget")
    n = naive_pack(res, 150)
    assert n.trace["policy"] == "naive"
    assert not n.text.rstrip().endswith("</passage>")  # cut mid-passage, as the baseline does


def test_empty_results(engine):
    p = ContextPacker(engine).pack("nothing", [])
    assert p.text == "" and p.tokens == 0


def test_keep_order_renders_in_rank_order_with_the_same_selection(engine):
    q = "pacing budget spend tolerance"
    res = results_for(engine, q)
    by_admission = ContextPacker(engine, budget_tokens=900, reunify=False).pack(q, res)
    ranked = ContextPacker(engine, budget_tokens=900, reunify=False, keep_order=True).pack(q, res)
    rank = {r.chunk.id: i for i, r in enumerate(res)}
    assert sorted(ranked.ids) == sorted(by_admission.ids) and len(ranked.ids) > 1
    assert ranked.ids == sorted(ranked.ids, key=rank.get) and ranked.tokens <= 900
    assert [p.id for p in parse_passages(ranked.text)] == ranked.ids
    assert all(t == c.text or c.text.strip().startswith(t) for c, t in zip(ranked.chunks, ranked.texts))
