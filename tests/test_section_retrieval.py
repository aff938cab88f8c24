"""Section-level retrieval metrics: a right file with the wrong passage is not a hit."""
from __future__ import annotations

import pytest

from scorers import section_hit_rate, section_mrr, section_recall_at_k
from scorers.retrieval import section_units


def _out(*entries):
    return {"response": "", "retrieved": [{"id": i, "source": s, "sections": h} for i, s, h in entries]}


RANKED = _out(("bench#1", "bench.md", ["Benchmark table"]),
              ("bench#3", "bench.md", ["Metric notes", "CPA in ecommerce", "CPM in ecommerce"]),
              ("other#0", "other.md", ["CPA in ecommerce"]))


@pytest.mark.parametrize("expected, recall, mrr", [
    ({"sources": ["bench.md"], "expected_sections": ["CPA in ecommerce"]}, 1.0, 0.5),
    ({"sources": ["bench.md"], "expected_sections": "CPM in ecommerce"}, 1.0, 0.5),
    ({"sources": ["bench.md"], "expected_sections": ["Metric notes › CPM in ecommerce"]}, 1.0, 0.5),
    ({"sources": ["bench.md"], "expected_sections": ["Benchmark table", "Seasonality"]}, 0.5, 1.0),
    ({"sources": ["bench.md"], "expected_sections": ["Seasonality"]}, 0.0, 0.0),
    # the header exists in another file: only the expected file counts
    ({"sources": ["other.md", "bench.md"], "expected_sections": {"other.md": "CPA in ecommerce"}}, 1.0, 1 / 3),
    ({"sources": ["bench.md"], "expected_sections": ["Other parent › CPA in ecommerce"]}, 0.0, 0.0),
    # a golden quoting an ALL-CAPS heading as the file writes it matches the re-cased header
    ({"sources": ["bench.md"], "expected_sections": ["METRIC NOTES › CPA IN ECOMMERCE"]}, 1.0, 0.5),
])
def test_section_metrics(expected, recall, mrr):
    assert section_recall_at_k(5)(input="q", output=RANKED, expected=expected).score == pytest.approx(recall)
    assert section_mrr()(input="q", output=RANKED, expected=expected).score == pytest.approx(mrr)
    assert section_hit_rate(5)(input="q", output=RANKED, expected=expected).score == (1.0 if recall else 0.0)


def test_section_metrics_skip_goldens_without_sections():
    s = section_recall_at_k(5)(input="q", output=RANKED, expected={"sources": ["bench.md"]})
    assert s.score is None


def test_section_units_forms():
    assert section_units({"sources": ["a.md"], "expected_sections": ["X › Y", "Z"]}) == [
        (frozenset({"a"}), ("X", "Y")), (frozenset({"a"}), ("Z",))]
    assert section_units({"sources": ["a.md"], "expected_sections": {"b.md": ["P", "Q"]}}) == [
        (frozenset({"b"}), ("P",)), (frozenset({"b"}), ("Q",))]


def test_search_results_carry_the_headers_a_chunk_holds(fixture_kb):
    from rag.config import get_preset
    from rag.engine import RetrievalEngine

    engine = RetrievalEngine.from_directory(fixture_kb, get_preset("hybrid-weighted"))
    for r in engine.search("typical ecommerce CAC", top_k=5):
        d = r.to_dict(with_text=False)
        assert d["section"] in d["sections"]
        for p in r.chunk.held_paths:
            assert p[-1] in d["sections"] or len(p) == 1
