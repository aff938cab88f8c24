"""The check every own-wording test file makes: its phrasings occur in no seen data set (a rule that
passes only on a data set's own wording is what these tests exist to catch)."""
from __future__ import annotations

from functools import lru_cache

from tests.test_offline_carry import _seen_dataset_text


@lru_cache(maxsize=1)
def _seen() -> str:
    return _seen_dataset_text()


def assert_unseen(*groups) -> None:
    texts = [t for g in groups for t in ([g] if isinstance(g, str) else g)]
    assert not [t for t in texts if t.lower() in _seen()]
