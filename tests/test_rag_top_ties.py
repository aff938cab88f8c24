"""rag.query.top keeps the n best positive scores with ties broken by position — at the cut too.

Why: the pool each run (TF-IDF, BM25, dense) contributes to fusion is cut with argpartition, which keeps an arbitrary
few of the scores tied at the n-th place (whichever its selection algorithm met first: a numpy version or CPU may
differ), so which of two equally scoring chunks entered the pool was no rule of ours. Now the tied are all kept, ordered
by (score, position), then cut: the lower position wins, as the docstring always said."""
from __future__ import annotations

import numpy as np
import pytest

from rag.query import top


def _expected(scores: np.ndarray, n: int) -> list[int]:
    return [i for i in sorted(range(len(scores)), key=lambda i: (-scores[i], i)) if scores[i] > 0][:n]


def test_ties_at_the_cut_keep_the_lower_positions():
    scores = np.array([1.0, 2.0, 1.0, 1.0, 3.0, 1.0, 0.0, 1.0])
    assert top(scores, 3).tolist() == [4, 1, 0]
    assert top(scores, 4).tolist() == [4, 1, 0, 2]


@pytest.mark.parametrize("seed", range(5))
def test_random_scores_with_many_ties(seed):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        m = int(rng.integers(2, 300))
        scores = rng.integers(0, 4, size=m).astype(float)
        n = int(rng.integers(1, m + 3))
        assert top(scores, n).tolist() == _expected(scores, n)


def test_no_positive_score_and_fewer_than_n():
    assert top(np.zeros(5), 3).tolist() == []
    assert top(np.array([0.5, 0.0, 0.7]), 10).tolist() == [2, 0]
