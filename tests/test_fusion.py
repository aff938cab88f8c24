import pytest

from rag.fusion import apply_boost, minmax, ranked, rrf, weighted_fusion


def test_rrf_hand_computed():
    runs = {"a": [("x", 9.0), ("y", 5.0), ("z", 1.0)], "b": [("y", 3.0), ("x", 2.0)]}
    out = rrf(runs, {"a": 1.0, "b": 1.0}, k=60)
    top = 2 / 61
    assert out["x"] == pytest.approx((1 / 61 + 1 / 62) / top)
    assert out["y"] == pytest.approx((1 / 62 + 1 / 61) / top)
    assert out["z"] == pytest.approx((1 / 63) / top)


def test_rrf_honours_weights():
    runs = {"a": [("x", 1.0), ("y", 0.5)], "b": [("y", 1.0), ("x", 0.5)]}
    equal = rrf(runs, {"a": 1, "b": 1})
    assert equal["x"] == pytest.approx(equal["y"])
    tilted = rrf(runs, {"a": 0.8, "b": 0.2})
    assert tilted["x"] > tilted["y"]
    assert tilted["x"] == pytest.approx((0.8 / 61 + 0.2 / 62) / (1.0 / 61))


def test_rrf_counts_an_item_once_per_run():
    runs = {"a": [("x", 3.0), ("x", 2.0), ("y", 1.0)]}
    out = rrf(runs, {"a": 1.0}, k=60)
    assert out["x"] == pytest.approx(1.0)  # first occurrence only
    assert out["y"] == pytest.approx(61 / 62)  # y is rank 2 after dedupe


def test_missing_weight_is_an_error_not_weight_one():
    with pytest.raises(ValueError, match="no fusion weight"):
        rrf({"a": [("x", 1.0)], "b": [("x", 1.0)]}, {"a": 1.0})
    with pytest.raises(ValueError):
        weighted_fusion({"a": [("x", 1.0)]}, {})


def test_weighted_fusion_hand_computed():
    runs = {"tfidf": [("x", 0.9), ("y", 0.3), ("z", 0.1)], "bm25": [("x", 2.0), ("y", 12.0), ("z", 7.0)]}
    out = weighted_fusion(runs, {"tfidf": 0.6, "bm25": 0.4})
    # tfidf normalised: x=1, y=0.25, z=0; bm25 normalised: x=0, y=1, z=0.5
    assert out["x"] == pytest.approx(0.6)
    assert out["y"] == pytest.approx(0.6 * 0.25 + 0.4)
    assert out["z"] == pytest.approx(0.2)
    assert all(0 <= v <= 1 for v in out.values())


def test_weighted_fusion_never_adds_raw_scores():
    # BM25 scale (hundreds) must not swamp TF-IDF: swapping the scale changes nothing
    runs1 = {"t": [("x", 0.9), ("y", 0.1)], "b": [("x", 1.0), ("y", 3.0)]}
    runs2 = {"t": [("x", 0.9), ("y", 0.1)], "b": [("x", 100.0), ("y", 300.0)]}
    w = {"t": 0.6, "b": 0.4}
    assert weighted_fusion(runs1, w) == pytest.approx(weighted_fusion(runs2, w))


def test_minmax_edge_cases():
    assert minmax([]) == []
    assert minmax([2.0, 2.0]) == [1.0, 1.0]
    assert minmax([0.0, 0.0]) == [0.0, 0.0]


def test_boost_maps_back_into_unit_interval():
    assert apply_boost(0.5, 1.0) == 0.5
    assert apply_boost(0.5, 2.0) == pytest.approx(2 / 3)
    assert apply_boost(0.9, 3.0) < 1.0
    assert apply_boost(1.0, 2.0) == 1.0 and apply_boost(0.0, 2.0) == 0.0
    xs = [i / 20 for i in range(21)]
    ys = [apply_boost(x, 1.5) for x in xs]
    assert ys == sorted(ys) and all(0 <= y <= 1 for y in ys)


def test_ranked_is_deterministic():
    assert ranked({"b": 1.0, "a": 1.0, "c": 2.0}) == [("c", 2.0), ("a", 1.0), ("b", 1.0)]


# ------------------------------------------------------------------ the array query path keeps these semantics
@pytest.mark.parametrize("method", ["weighted", "rrf"])
@pytest.mark.parametrize("with_dense", [False, True])
def test_query_path_fusion_equals_the_reference_functions(method, with_dense):
    """rag.query fuses candidate arrays for speed; it must give exactly what these pure functions
    give on the same pools (as the engine called them before the array path)."""
    import numpy as np

    from rag.config import RagConfig
    from rag.query import _fuse, top

    rng = np.random.default_rng(7)
    cfg, pool, tw, bw = RagConfig(dense_weight=0.3 if with_dense else 0.0), 12, 0.42, 0.58
    for _ in range(20):
        n = int(rng.integers(5, 60))
        tf = np.where(rng.random(n) < 0.6, rng.random(n), 0.0)
        bm = np.where(rng.random(n) < 0.6, rng.random(n) * 12, 0.0)
        ds = rng.uniform(-1, 1, n) if with_dense else None
        cand, fused = _fuse(method, tf, bm, ds, tw, bw, cfg, pool)
        got = dict(zip(cand.tolist(), fused.tolist()))
        tops = {"tfidf": top(tf, pool), "bm25": top(bm, pool)}
        weights = {"tfidf": tw, "bm25": bw}
        values = {"tfidf": tf, "bm25": bm}
        if with_dense:
            tops["dense"], weights["dense"], values["dense"] = top(ds + 1.0, pool), cfg.dense_weight, ds
        if method == "weighted":
            union = np.unique(np.concatenate(list(tops.values())))
            want = weighted_fusion({r: [(int(i), float(values[r][i])) for i in union] for r in tops}, weights)
        else:
            want = rrf({r: [(int(i), float(values[r][i])) for i in tops[r]] for r in tops}, weights, k=cfg.rrf_k)
        assert got.keys() == want.keys()
        assert all(got[i] == pytest.approx(want[i], abs=1e-12) for i in want)


def test_query_path_boost_equals_apply_boost():
    import numpy as np

    from rag.query import boost

    s = np.array([0.0, 0.2, 0.5, 0.99, 1.0, 0.7, 0.3])
    f = np.array([1.5, 1.0, 2.0, 1.5, 1.5, 1.0, 1.2])
    assert boost(s, f).tolist() == pytest.approx([apply_boost(a, b) for a, b in zip(s, f)], abs=1e-12)
