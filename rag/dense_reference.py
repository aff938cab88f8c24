"""The plain transcription of the all-MiniLM-L6-v2 forward pass: the parity oracle for rag/dense.py.

This is the BERT recipe written line by line (float32, scipy's erf GELU, a padded batch with an
additive attention mask), the version checked against sentence-transformers (max |Δ| 1.8e-7, min
cosine 1.000000, ``bench/dense_parity.py``). ``rag.dense.MiniLMEncoder`` computes the same function
faster (fused Q/K/V, per-sequence attention, a rational-function erf, worker threads); tests and
``bench/dense_parity.py`` check it against this module, which nothing uses at run time.
"""
from __future__ import annotations

import math

import numpy as np


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))  # Python floats: NumPy 2 keeps float32 float32


def forward(w: dict[str, np.ndarray], ids: np.ndarray, mask: np.ndarray, heads: int = 12) -> np.ndarray:
    """Token ids (B, T) and a 0/1 mask (B, T) → unit-length mean-pooled embeddings (B, dim)."""
    B, T = ids.shape
    dim = w["embeddings.word_embeddings.weight"].shape[1]
    H, D = heads, dim // heads
    layers = sum(1 for k in w if k.endswith("attention.self.query.weight"))
    x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T][None]
         + w["embeddings.token_type_embeddings.weight"][0])
    x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    bias = (1.0 - mask)[:, None, None, :] * -1e9
    for layer in range(layers):
        p = f"encoder.layer.{layer}."

        def lin(h, name):
            return h @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        q = lin(x, "attention.self.query").reshape(B, T, H, D).transpose(0, 2, 1, 3)
        k = lin(x, "attention.self.key").reshape(B, T, H, D).transpose(0, 2, 1, 3)
        v = lin(x, "attention.self.value").reshape(B, T, H, D).transpose(0, 2, 1, 3)
        s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(D) + bias
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        ctx = (s @ v).transpose(0, 2, 1, 3).reshape(B, T, dim)
        x = _layer_norm(lin(ctx, "attention.output.dense") + x,
                        w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
        h = _gelu(lin(x, "intermediate.dense"))
        x = _layer_norm(lin(h, "output.dense") + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
    pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
    return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)


def encode(encoder, texts: list[str], batch_size: int = 32) -> np.ndarray:
    """The reference vectors for ``texts``, with ``encoder``'s weights and tokenizer."""
    from rag.dense import _blas_single_threaded

    encs = encoder.tok.encode_batch(list(texts))
    out = np.zeros((len(encs), encoder.dim), dtype=np.float32)
    for s in range(0, len(encs), batch_size):
        part = encs[s:s + batch_size]
        T = max(len(e.ids) for e in part)
        ids = np.zeros((len(part), T), dtype=np.int64)
        mask = np.zeros((len(part), T), dtype=np.float32)
        for r, e in enumerate(part):
            ids[r, :len(e.ids)] = e.ids
            mask[r, :len(e.ids)] = 1.0
        with _blas_single_threaded():  # OpenBLAS threads on these 3-D matmuls cost ~5x CPU
            out[s:s + len(part)] = forward(encoder.w, ids, mask, encoder.heads)
    return out
