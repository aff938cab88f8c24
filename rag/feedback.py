"""Durable user feedback (a thumbs-up/down on one answer), kept in one SQLite file.

Why SQLite: it is in the standard library, survives crashes (each ``add`` is one committed
transaction) and is safe for the several threads of a server; a team that outgrows it points
the same rows at Postgres. Each row holds what is needed to turn a complaint into a golden
later (``python -m evals feedback-to-goldens``): the question, the answer, the retrieved ids and
the configuration that produced them.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

RATINGS = ("good", "bad")
_SCHEMA = """CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    rating TEXT NOT NULL CHECK (rating IN ('good', 'bad')),
    question TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    retrieved_ids TEXT NOT NULL DEFAULT '[]',
    config TEXT NOT NULL DEFAULT '{}',
    channel TEXT NOT NULL DEFAULT ''
)"""


class FeedbackError(ValueError):
    """Bad feedback input or an unusable feedback file; the message names which."""


@dataclass(frozen=True)
class Feedback:
    id: int
    created: float
    rating: str
    question: str
    answer: str
    note: str
    retrieved_ids: list[str]
    config: dict[str, Any]
    channel: str


class FeedbackStore:
    """Append-only feedback rows in the SQLite file ``path`` (created on first use)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False)
            self._db.execute(_SCHEMA)
            self._db.commit()
        except (OSError, sqlite3.Error) as exc:
            raise FeedbackError(f"feedback file {self.path}: {exc}") from None

    def add(self, rating: str, question: str, answer: str = "", note: str = "",
            retrieved_ids: list[str] | None = None, config: dict[str, Any] | None = None,
            channel: str = "") -> int:
        if rating not in RATINGS:
            raise FeedbackError(f"rating must be one of {RATINGS}, got {rating!r}")
        if not question.strip():
            raise FeedbackError("question must not be empty")
        row = (time.time(), rating, question, answer, note, json.dumps(list(retrieved_ids or [])),
               json.dumps(config or {}, sort_keys=True, default=str), channel)
        with self._lock:
            cur = self._db.execute("INSERT INTO feedback (created, rating, question, answer, note, retrieved_ids, "
                                   "config, channel) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            self._db.commit()
            return int(cur.lastrowid)

    def rows(self, rating: str | None = None) -> Iterator[Feedback]:
        sql, args = "SELECT * FROM feedback", ()
        if rating is not None:
            sql, args = sql + " WHERE rating = ?", (rating,)
        with self._lock:
            fetched = self._db.execute(sql + " ORDER BY id", args).fetchall()
        for r in fetched:
            yield Feedback(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6]), json.loads(r[7]), r[8])

    def close(self) -> None:
        with self._lock:
            self._db.close()
