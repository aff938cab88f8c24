"""The committed seed of encoder vectors (``tests/fixtures/meaning_seed/``, conftest ``_seeded``) is this
encoder's output: made by the current ``rag/dense.py``, holding the texts the suite meets, and equal to a
fresh encoding of a sample of them. Without these checks a stale seed would pass silently and the tests that
turn the encoder on would read vectors no encoder makes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agent.offline import meaningsearch, semantic
from conftest import MEANING_SEED, _seeded, meaning_code
from rag import dense

ROOT = Path(__file__).resolve().parents[1]
needs_encoder = pytest.mark.skipif(not dense.available(), reason="all-MiniLM-L6-v2 weights not installed")
REMAKE = "the seed was made by another rag/dense.py or is missing: run `make meaning-seed` and commit it"


def _seed() -> tuple[list[str], np.ndarray]:
    files = sorted((MEANING_SEED / f"mpa-meaning-{meaning_code()}").glob("offline-meaning-*.npz"))
    assert len(files) == 1, REMAKE
    with np.load(files[0]) as z:
        return z["keys"].tolist(), z["vectors"]


def test_the_seed_is_for_this_encoder_code():
    keys, vectors = _seed()
    assert len(keys) == len(set(keys)) == len(vectors) > 1000, (len(keys), len(vectors))
    assert vectors.dtype == np.float32 and vectors.shape[1] == 384
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)  # unit vectors, as semantic keeps them


@needs_encoder
def test_seeded_vectors_are_what_the_encoder_makes():
    """kb/'s sections (the suite ranks the whole of kb/ by meaning once) are in the seed, looked up by the key the
    reader computes; four of them (first, two between, last) encoded afresh equal their seeded vectors. A kb/ edit
    leaves a few sections out (they are encoded when met); most missing means the seed is stale."""
    keys, vectors = _seed()
    where = {k: i for i, k in enumerate(keys)}
    texts = [semantic._squashed(s.encoded) for s in meaningsearch.sections(str(ROOT / "kb"))]
    held = [t for t in texts if semantic._key(t) in where]
    assert len(held) >= 0.9 * len(texts), f"{REMAKE} ({len(held)} of kb/'s {len(texts)} sections in it)"
    sample = [held[i] for i in (0, len(held) // 3, 2 * len(held) // 3, -1)]
    fresh = dense.get_encoder().encode(sample, progress=False)
    seeded = vectors[[where[semantic._key(t)] for t in sample]]
    assert np.allclose(fresh, seeded, atol=1e-4), np.abs(fresh - seeded).max()


def test_a_seed_fills_an_empty_folder_and_never_overwrites(tmp_path):
    seed, folder = tmp_path / "seed", tmp_path / "cache"
    seed.mkdir()
    folder.mkdir()
    (seed / "offline-meaning-x.npz").write_bytes(b"seed")
    assert (_seeded(folder, seed) / "offline-meaning-x.npz").read_bytes() == b"seed"
    (folder / "offline-meaning-x.npz").write_bytes(b"own")
    assert (_seeded(folder, seed) / "offline-meaning-x.npz").read_bytes() == b"own"
    assert sorted(p.name for p in folder.iterdir()) == ["offline-meaning-x.npz"]  # no temporary file left
    assert _seeded(folder, tmp_path / "none") == folder  # no seed for this code: nothing to copy
