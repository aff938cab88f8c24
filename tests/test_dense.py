"""Dense retrieval: the numpy MiniLM encoder, fusion with the lexical runs, and persistence
of the vectors (reuse by content hash, re-encode only what changed)."""
import numpy as np
import pytest

from rag import dense
from rag.config import RagConfig, get_preset
from rag.engine import RetrievalEngine

pytestmark = pytest.mark.skipif(not dense.available(), reason="all-MiniLM-L6-v2 weights not installed (make setup)")


@pytest.fixture(scope="module")
def encoder():
    return dense.get_encoder(128)


def test_encoder_returns_unit_vectors_with_meaning(encoder):
    v = encoder.encode(["What do we pay to win each new buyer?",
                        "Customer acquisition cost is spend divided by new customers.",
                        "The chef folds butter into the pastry dough."])
    assert v.shape == (3, 384) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    sim = v @ v.T
    assert sim[0, 1] > sim[0, 2] + 0.2  # the paraphrase is closer than the unrelated sentence
    again = encoder.encode(["Customer acquisition cost is spend divided by new customers."])
    np.testing.assert_allclose(again[0], v[1], atol=1e-6)  # batching/padding does not change a vector


@pytest.fixture
def tiny_kb(tmp_path):
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "cac.md").write_text("# Acquisition cost\n\n## Definition\n\nCustomer acquisition cost (CAC) is marketing "
                               "spend divided by the number of new customers it brought in.\n")
    (kb / "ooh.md").write_text("# Billboards\n\n## Placement\n\nRoadside billboards near highway exits reach "
                               "commuters; digital screens rotate six advertisers per loop.\n")
    (kb / "email.md").write_text("# Email\n\n## Deliverability\n\nKeep spam complaints under one in a thousand "
                                 "delivered messages and remove hard bounces after each send.\n")
    return kb


def test_dense_run_finds_a_paraphrase_lexical_search_misses(tiny_kb, tmp_path):
    q = "what do we pay to win each buyer"
    lexical = RetrievalEngine.build(tiny_kb, RagConfig())
    assert not lexical.search(q)  # no shared term at all
    eng = RetrievalEngine.from_directory(tiny_kb, get_preset("hybrid-dense"), index_path=tmp_path / "i.json")
    res = eng.search(q, top_k=3)
    assert res[0].chunk.source == "cac.md" and "dense" in res[0].breakdown
    assert 0 <= res[0].score <= 1
    assert eng.search("billboards highway", top_k=1)[0].chunk.source == "ooh.md"


def test_vectors_persist_and_only_changed_chunks_are_re_encoded(tiny_kb, tmp_path, monkeypatch):
    path = tmp_path / "i.json"
    RetrievalEngine.from_directory(tiny_kb, get_preset("hybrid-dense"), index_path=path)
    enc = dense.get_encoder(128)
    calls = []
    real = enc.encode
    monkeypatch.setattr(enc, "encode", lambda texts: calls.append(list(texts)) or real(texts))
    e = RetrievalEngine.from_directory(tiny_kb, get_preset("hybrid-dense"), index_path=path)
    assert calls == [] and e.dense.shape == (len(e.chunks), 384)  # reloaded, nothing encoded
    (tiny_kb / "email.md").write_text("# Email\n\n## Deliverability\n\nWarm up a new sending domain slowly.\n")
    e = RetrievalEngine.from_directory(tiny_kb, get_preset("hybrid-dense"), index_path=path)
    assert len(calls) == 1 and len(calls[0]) == 1 and "Warm up" in calls[0][0]
    # a lexical preset reusing the same file keeps the vectors for later
    RetrievalEngine.from_directory(tiny_kb, RagConfig(), index_path=path)
    calls.clear()
    RetrievalEngine.from_directory(tiny_kb, get_preset("hybrid-dense"), index_path=path)
    assert calls == []


def test_with_config_adds_dense_to_a_lexical_engine(tiny_kb):
    base = RetrievalEngine.build(tiny_kb, RagConfig())
    assert base.dense is None
    d = base.with_config(get_preset("hybrid-dense"))
    assert d.dense is not None and d.search("what do we pay to win each buyer")[0].chunk.source == "cac.md"


def test_missing_model_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("MPA_DENSE_MODEL_DIR", str(tmp_path))
    with pytest.raises(dense.DenseUnavailable, match="model.safetensors"):
        dense.MiniLMEncoder(directory=dense.model_dir())
    assert not dense.available()


TEXTS = ["What do we pay to win each new buyer?",
         "x",
         "KPI-NC-01 counts new customers, deduplicated against the full customer file.",
         " ".join(["Pacing keeps daily spend within tolerance while channels ramp and auctions shift."] * 20),
         "Geo-lift tests compare treated and control markets to measure incremental sales.",
         "CTV frequency caps"]


@pytest.fixture(scope="module")
def fast_vectors():
    """TEXTS encoded in batches of two on two threads (mixed lengths, batches on 2 workers): the vectors the
    reference and the run without threadpoolctl are compared with, encoded once for both."""
    return dense.MiniLMEncoder(batch_size=2, threads=2).encode(TEXTS, progress=False)


def test_fast_forward_equals_the_reference_transcription(encoder, fast_vectors):
    """Fused QKV, per-sequence attention, rational erf, threads: the same function as the plain
    BERT recipe (rag.dense_reference, the version checked against sentence-transformers)."""
    from rag import dense_reference

    ref = dense_reference.encode(encoder, TEXTS)
    np.testing.assert_allclose(fast_vectors, ref, atol=2e-6)
    assert np.sum(fast_vectors * ref, axis=1).min() > 0.99999


def test_without_threadpoolctl_the_vectors_are_the_same(fast_vectors, monkeypatch):
    """The same run with threadpoolctl missing (BLAS left as it is) gives the same vectors. (Compared with the
    shared run rather than a fresh one of the default encoder: that one pads all six texts to the longest,
    ~0.4 s of CPU, and the reference test above already ties these vectors to the plain recipe.)"""
    monkeypatch.setattr(dense, "_blas_controller", lambda: None)
    np.testing.assert_allclose(dense.MiniLMEncoder(batch_size=2, threads=2).encode(TEXTS), fast_vectors, atol=1e-6)


def test_gelu_is_the_exact_erf_gelu():
    from scipy.special import erf

    x = np.linspace(-12, 12, 48_000, dtype=np.float32).reshape(-1, 3)  # more rows than one block
    x64 = x.astype(np.float64)
    want = 0.5 * x64 * (1 + erf(x64 / np.sqrt(2)))
    np.testing.assert_allclose(dense._gelu(x.copy()), want, atol=2e-6, rtol=1e-6)


def test_long_encoding_reports_progress_to_stderr(encoder, monkeypatch, capsys):
    monkeypatch.setattr(dense._Progress, "EVERY", 0.0)  # "a few seconds" → every batch
    dense.MiniLMEncoder(batch_size=2, threads=2).encode(TEXTS)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("dense: encoded 2/6 texts") and lines[-1].startswith("dense: encoded 6 texts in")
    dense.MiniLMEncoder(batch_size=2).encode(TEXTS, progress=False)
    assert capsys.readouterr().err == ""
