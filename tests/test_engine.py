import json
import warnings

import pytest

from rag import indexfile as engine_mod  # where the incremental update reads KB files
from rag.config import RagConfig, get_preset
from mpa.engine import domain
from rag.engine import IndexRebuildWarning, RetrievalEngine
from rag import persistence as store
from rag.persistence import IndexFileError


@pytest.mark.parametrize("method", ["tfidf", "bm25", "weighted", "rrf"])
def test_search_returns_ranked_cited_results(fixture_engine, method):
    res = fixture_engine.search("typical ecommerce CAC", top_k=3, method=method)
    assert res and res[0].chunk.source == "benchmarks-ecommerce.md"
    assert [r.rank for r in res] == list(range(1, len(res) + 1))
    assert all(0.0 <= r.score <= 1.0 for r in res)
    assert [r.score for r in res] == sorted((r.score for r in res), reverse=True)
    r = res[0]
    assert r.citation_id == r.chunk.id and r.citation.startswith("benchmarks-ecommerce.md")
    assert set(r.breakdown) >= {"tfidf", "bm25", "fused", "boost"}


def test_empty_and_stop_word_queries_have_reasons(fixture_engine):
    for q, why in [("", "empty"), ("   ", "empty"), ("the and of", "stop words"), ("zzzqqq", "no query term")]:
        res = fixture_engine.search(q)
        assert res == [] and why in res.reason


def test_filters(fixture_engine):
    res = fixture_engine.search("planning", top_k=10, filters={"document_types": ["audience"]})
    assert res and all(r.chunk.metadata["document_type"] == "audience" for r in res)
    res = fixture_engine.search("costs", top_k=10, filters={"has_benchmarks": True})
    assert res and all(r.chunk.metadata["has_benchmarks"] for r in res)
    res = fixture_engine.search("planning", filters={"verticals": ["gaming"]})
    assert res == [] and "filters" in res.reason
    with pytest.raises(ValueError, match="valid keys"):
        fixture_engine.search("x", filters={"colour": ["red"]})


def test_benchmark_boost_and_phrase_boost(fixture_engine):
    res = fixture_engine.search("ecommerce CAC", top_k=5)
    top = res[0]
    assert top.chunk.metadata["has_benchmarks"] and top.breakdown["boost"] >= 1.5
    q = 'tracked as "KPI-NC-01"'
    hit = fixture_engine.search(q, top_k=1)[0]
    assert "KPI-NC-01" in hit.chunk.text and hit.breakdown["boost"] >= 2.0
    off = fixture_engine.with_config(fixture_engine.config.with_(phrase_boost=1.0)).with_domain(domain(benchmark_boost=1.0))
    assert off.search("ecommerce CAC", top_k=1)[0].breakdown["boost"] == 1.0


def test_mmr_diversifies(fixture_engine):
    mmr = fixture_engine.with_config(fixture_engine.config.with_(mmr=True, mmr_lambda=0.3))
    plain = fixture_engine.search("measurement calibrate experiment", top_k=4)
    div = mmr.search("measurement calibrate experiment", top_k=4)
    assert len(div) == len(plain)
    assert {r.chunk.doc_id for r in div} != {"measurement"} or len({r.chunk.doc_id for r in plain}) == 1


def test_persistence_round_trip_same_results(kb_copy, tmp_path):
    path = tmp_path / "idx.json"
    a = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert path.exists()
    payload = json.loads(path.read_text())
    assert payload["schema_version"] == store.SCHEMA_VERSION and "pickle" not in path.read_text()[:200]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a current index must load silently
        b = RetrievalEngine.load(path)
    for q in ["typical ecommerce CAC", "geo-lift", "creative fatigue", "TAM SAM SOM"]:
        ra, rb = a.search(q), b.search(q)
        assert [(r.chunk.id, round(r.score, 9)) for r in ra] == [(r.chunk.id, round(r.score, 9)) for r in rb]
    assert not list(tmp_path.glob(".idx.json.*.tmp"))  # atomic write leaves no temp file


def test_stale_index_updates_only_changed_files(kb_copy, tmp_path, monkeypatch):
    path = tmp_path / "idx.json"
    RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    (kb_copy / "audience-guide.md").write_text("# Audience Guide\n\nZebra segments are a brand new idea here.\n")
    (kb_copy / "new-doc.md").write_text("# New\n\nQuokka pacing insights for planners.\n")
    (kb_copy / "channel-notes.txt").unlink()
    reread = []
    real = engine_mod.load_document
    monkeypatch.setattr(engine_mod, "load_document", lambda p, *a, **k: reread.append(p.name) or real(p, *a, **k))
    e = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert sorted(reread) == ["audience-guide.md", "new-doc.md"]
    assert e.search("zebra segments")[0].chunk.source == "audience-guide.md"
    assert e.search("quokka")[0].chunk.source == "new-doc.md"
    assert not any(c.source == "channel-notes.txt" for c in e.chunks)
    # statistics equal a from-scratch build of the same KB
    fresh = RetrievalEngine.build(kb_copy)
    for q in ["zebra segments", "typical ecommerce CAC", "calibrate experiment"]:
        assert [(r.chunk.id, round(r.score, 9)) for r in e.search(q)] == \
            [(r.chunk.id, round(r.score, 9)) for r in fresh.search(q)]
    reread.clear()
    RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert reread == []  # now current: nothing re-read


def _flip_last_byte(path):
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage,reason", [
    (lambda p: p.write_text("{not json"), "corrupt"),
    (lambda p: p.write_text(p.read_text().replace(f'"schema_version":{store.SCHEMA_VERSION}', '"schema_version":99')), "schema version"),
    (lambda p: p.write_text(p.read_text().replace('"crc32":', '"crc32":1', 1)), "checksum"),
    (lambda p: _flip_last_byte(next(p.parent.glob(p.name + ".*.arrays"))), "checksum mismatch \\(sidecar"),
    (lambda p: [s.unlink() for s in p.parent.glob(p.name + ".*.arrays")], "sidecar .* is missing"),
])
def test_corrupt_index_is_detected_and_rebuilt(kb_copy, tmp_path, damage, reason):
    path = tmp_path / "idx.json"
    RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    damage(path)
    with pytest.warns(IndexRebuildWarning, match=reason):
        e = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert e.search("typical ecommerce CAC")
    RetrievalEngine.load(path)  # rewritten and valid again


def test_config_change_forces_rebuild(kb_copy, tmp_path):
    path = tmp_path / "idx.json"
    RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    with pytest.warns(IndexRebuildWarning, match="different chunking"):
        RetrievalEngine.from_directory(kb_copy, RagConfig(chunk_target_tokens=300), index_path=path)
    # search-time knobs do not
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        RetrievalEngine.from_directory(kb_copy, get_preset("hybrid-rrf"), index_path=path.with_name("idx2.json"))
        RetrievalEngine.from_directory(kb_copy, get_preset("hybrid-rrf"), index_path=path.with_name("idx2.json"))


def test_load_corrupt_without_kb_raises_clear_error(tmp_path):
    p = tmp_path / "idx.json"
    p.write_text("garbage")
    with pytest.raises(IndexFileError, match="corrupt"):
        RetrievalEngine.load(p)


def test_bad_kb_file_does_not_make_index_stale(kb_copy, tmp_path):
    (kb_copy / "bad.md").write_bytes(b"\x00\x01\x02")
    path = tmp_path / "idx.json"
    e = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert e.skipped and e.skipped[0][0] == "bad.md"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert again.rebuild_reason is None


def test_metadata_tags(fixture_engine):
    bench = [c for c in fixture_engine.chunks if c.source == "benchmarks-ecommerce.md"][0]
    m = bench.metadata
    assert m["document_type"] == "benchmark" and m["has_benchmarks"] and m["has_numbers"]
    assert "ecommerce" in m["verticals"] and {"CAC", "CPM", "ROAS"} <= set(m["metrics"])
    assert 2 in m["steps"]
    aud = [c for c in fixture_engine.chunks if c.source == "audience-guide.md"][0].metadata
    assert aud["document_type"] == "audience" and 3 in aud["steps"] and "audience" in aud["topics"]
    assert not aud["has_benchmarks"]


def test_domain_callables_and_index_identity(kb_copy, tmp_path):
    """A plain tagger and boost plug into the generic engine; the tagger's identity is part of
    the index fingerprint, so another domain's index is rebuilt instead of reused."""
    def tagger(source, title, section_path, text):
        return {"kind": "pricing" if "$" in text else "prose"}

    def dollar_boost(query, chunks):
        return [3.0 if c.metadata["kind"] == "pricing" else 1.0 for c in chunks] if "cost" in query else None

    path = tmp_path / "idx.json"
    e = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path, tagger=tagger, boosts=[dollar_boost])
    assert {c.metadata["kind"] for c in e.chunks} == {"pricing", "prose"}
    assert e.search("planning costs", top_k=1)[0].breakdown["boost"] >= 3.0
    assert all(r.chunk.metadata["kind"] == "pricing" for r in e.search("costs", filters={"kind": ["pricing"]}))
    assert e.search("planning", top_k=3)[0].breakdown["boost"] < 3.0  # the boost declined this query
    with pytest.warns(IndexRebuildWarning, match="another domain"):
        generic = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path)
    assert all(c.metadata == {} for c in generic.chunks)
    with pytest.warns(IndexRebuildWarning):
        RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=path, domain=domain())
    with pytest.raises(ValueError, match="tagged by"):
        generic.with_domain(domain())


def test_pivot_is_a_search_time_knob(fixture_engine):
    """The slope changes TF-IDF scores without a rebuild; the tfidf method scales a pivoted run
    to [0, 1] (a pivoted score is no cosine), in the order of the pivoted scores."""
    cos = fixture_engine.with_config(fixture_engine.config.with_(tfidf_pivot=1.0, method="tfidf", phrase_boost=1.0))
    piv = cos.with_config(cos.config.with_(tfidf_pivot=0.25)).with_domain(domain(benchmark_boost=1.0))
    assert piv.index is cos.index
    q = "creative fatigue frequency"
    a, b = cos.search(q, top_k=10), piv.search(q, top_k=10)
    assert a and b and [r.breakdown["tfidf"] for r in a] != [r.breakdown["tfidf"] for r in b]
    assert b[0].breakdown["fused"] == 1.0 and all(0.0 <= r.breakdown["fused"] <= 1.0 for r in b)
    tf = [r.breakdown["tfidf"] for r in b]
    assert tf == sorted(tf, reverse=True)
    with pytest.raises(ValueError, match="tfidf_pivot"):
        RagConfig(tfidf_pivot=0.0)
