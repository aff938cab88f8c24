"""Dataset and scenario loading that names the file and the line of every problem.

A malformed golden must stop the run with one line a person can act on —
``datasets/audience.jsonl line 7: invalid JSON (Expecting ',' delimiter, column 41)`` — never a
bare ``JSONDecodeError`` and never a silently shorter dataset. :func:`count_rows` counts a
dataset independently of any parsing, so the gate knows how many cases *should* have run even
when the eval that reads the dataset failed to import.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable


class DatasetError(ValueError):
    """A dataset or scenario file cannot be used; the message names the file and the line or field."""


def display(path: Path, root: Path | None = None) -> str:
    """``datasets/x.jsonl`` relative to ``root`` when possible (messages stay short and stable)."""
    path = Path(path)
    if root is not None:
        try:
            return str(path.resolve().relative_to(Path(root).resolve()))
        except ValueError:
            pass
    return str(path)


def _read_text(path: Path, where: str) -> str:
    """The file's text; an unreadable or non-UTF-8 file is one :class:`DatasetError` naming it."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"{where}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{where}: not UTF-8 ({exc.reason} at byte {exc.start})") from None


def _json_object(text: str, where: str, line: int | None = None) -> dict:
    """``text`` parsed as one JSON object; errors name ``where`` and the line (``line`` for a JSONL
    row, the decoder's line for a whole file)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        at = line if line is not None else exc.lineno
        raise DatasetError(f"{where} line {at}: invalid JSON ({exc.msg}, column {exc.colno})") from None
    if not isinstance(data, dict):
        at = where if line is None else f"{where} line {line}"
        raise DatasetError(f"{at}: expected a JSON object, got {type(data).__name__}")
    return data


def read_jsonl(path: Path, required: Iterable[str] = ("id",), root: Path | None = None) -> list[dict]:
    """Every non-blank line of ``path`` as an object; each must be valid JSON, an object, and carry
    the ``required`` fields; ids must be unique. Raises :class:`DatasetError` naming file + line."""
    where = display(path, root)
    text = _read_text(path, where)
    rows: list[dict] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        row = _json_object(line, where, n)
        for field in required:
            if row.get(field) in (None, ""):
                raise DatasetError(f"{where} line {n}: missing required field {field!r}")
        rid = row.get("id")
        if rid is not None:
            if str(rid) in seen:
                raise DatasetError(f"{where} line {n}: duplicate id {rid!r} (first on line {seen[str(rid)]})")
            seen[str(rid)] = n
        rows.append(row)
    return rows


def read_scenario(path: Path, root: Path | None = None) -> dict:
    """A scenario file, parsed and validated (``agent.scenario`` schema); JSON errors name the line,
    schema errors the field."""
    from agent.scenario import ScenarioError, load_scenario

    where = display(path, root)
    text = _read_text(path, where)
    data = _json_object(text, where)
    if data.get("id") in (None, ""):
        raise DatasetError(f"{where}: missing required field 'id'")
    try:
        return load_scenario(data) | {}
    except ScenarioError as exc:
        raise DatasetError(f"{where}: {str(exc).removeprefix('scenario: ')}") from None


def count_rows(datasets_dir: Path, spec: str) -> int:
    """Cases a dataset holds, counted without parsing: non-blank lines of a ``.jsonl`` file, or the
    number of files matching a glob (``scenarios/*.json``). A missing file counts 0."""
    d = Path(datasets_dir)
    if any(ch in spec for ch in "*?["):
        return sum(1 for p in d.glob(spec) if p.is_file())
    p = d / spec
    if not p.is_file():
        return 0
    return sum(1 for line in p.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip())


__all__ = ["DatasetError", "count_rows", "display", "read_jsonl", "read_scenario"]
