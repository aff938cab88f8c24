"""How a knowledge-base passage is shown to a model, and read back.

One format everywhere — tool results, packed context, the LLM reranker's prompt — so that the
offline agent, the evals and the tests parse exactly what the model reads:

    <passage id="doc#3" source="doc.md › Section" score="0.82">
    text of the chunk
    </passage>

Knowledge-base text is data: markup inside it is neutralised (every tag needs a "<", which
becomes "‹") so a document cannot close the passage or forge another one, and attribute values
cannot break out of their quotes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rag.types import Chunk

PASSAGE_RE = re.compile(r'<passage id="(?P<id>[^"]+)"(?: source="(?P<source>[^"]*)")?(?: score="(?P<score>[\d.]+)")?>\n'
                        r'(?P<text>.*?)(?:\n</passage>|(?P<cut>\Z))', re.S)


def escape(text: str) -> str:
    """Neutralise markup that could close or forge a passage tag."""
    return text.replace("<", "‹")


def _attr(text: str) -> str:
    return escape(text).replace('"', "'").replace(">", "›")


def render_passage(chunk: Chunk, text: str | None = None, score: float | None = None,
                   with_source: bool = True) -> str:
    """``<passage id="…" source="file › section" score="…">text</passage>`` (no trailing
    newline). ``text`` replaces the chunk's text (a trimmed prefix); ``score`` is shown with two
    decimals when given; ``with_source=False`` omits the citation (grading prompts)."""
    src = f' source="{_attr(chunk.citation)}"' if with_source else ""
    s = f' score="{score:.2f}"' if score is not None else ""
    body = escape(chunk.text if text is None else text).strip()
    return f'<passage id="{_attr(chunk.id)}"{src}{s}>\n{body}\n</passage>'


@dataclass
class Passage:
    """A passage read back from rendered text. ``complete`` is False for a passage whose
    closing tag was cut off (a truncated context)."""

    id: str
    source: str
    text: str
    score: float | None = None
    complete: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "source": self.source, "text": self.text}


def parse_passages(text: str, include_cut: bool = False) -> list[Passage]:
    """Every passage in ``text``, in order. A passage cut off before its closing tag is
    returned (``complete=False``) only with ``include_cut``."""
    out = []
    for m in PASSAGE_RE.finditer(text or ""):
        cut = m.group("cut") is not None
        if cut and not include_cut:
            continue
        score = float(m.group("score")) if m.group("score") else None
        out.append(Passage(m.group("id"), m.group("source") or "", m.group("text"), score, not cut))
    return out


def passage_record(chunk: Chunk, score: float | None) -> dict[str, Any]:
    """What an eval record keeps of a passage a tool returned."""
    return {"id": chunk.id, "source": chunk.source, "section": chunk.section, "citation": chunk.citation,
            "score": round(float(score), 6) if score is not None else None, "text": chunk.text}


def text_before_passages(text: str) -> str:
    """The header of a tool result: everything before its first passage."""
    return (text or "").split("<passage", 1)[0]
