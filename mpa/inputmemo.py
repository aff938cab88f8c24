"""Tool inputs already found valid, remembered: a JSON-schema check of a tool call costs ~1 ms
(jsonschema walks every property), a tenth of a whole offline turn, and a conversation — and every
test and eval run — sends the same inputs ("vertical", "metric" pairs, a step number) again and again.

Only *valid* verdicts are kept (an invalid input is checked afresh, so its error message is always
jsonschema's own). A verdict is keyed on everything it depends on: the schema and the input, each
by its ``repr`` — a faithful key of plain JSON data only (:func:`mpa.record.is_plain`: ``1``,
``1.0`` and ``True`` differ, a tuple is no list), so anything else is never remembered. Bounded: the
memo is emptied when it reaches :data:`LIMIT` entries.
"""
from __future__ import annotations

from typing import Any

from mpa.record import is_plain

LIMIT = 4096
_VALID: set[tuple[str, str]] = set()


def errors(validator: Any, tool_input: Any) -> list:
    """The schema errors of ``tool_input`` under ``validator`` (sorted by where they are), ``[]`` for
    a valid input — from the memo when this input was valid under this schema before."""
    key = (repr(validator.schema), repr(tool_input)) if is_plain(tool_input) and is_plain(validator.schema) else None
    if key is not None and key in _VALID:
        return []
    found = sorted(validator.iter_errors(tool_input), key=lambda e: list(e.path))
    if not found and key is not None:
        if len(_VALID) >= LIMIT:
            _VALID.clear()
        _VALID.add(key)
    return found
