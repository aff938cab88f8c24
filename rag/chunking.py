"""Section-aware, token-true chunking.

Sizes are cl100k_base tokens (tiktoken). A chunk never crosses a section boundary unless the
sections are small (under ``chunk_min_tokens``), in which case neighbours merge. Inside a
section, breaks fall at paragraph, then line, then sentence boundaries, and only as a last
resort inside a sentence. Consecutive chunks of a section overlap by about
``chunk_overlap_tokens`` (snapped to a sentence or word start), and the chunks of a document
cover every character of it: coverage is a tested invariant, not a hope.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rag.config import RagConfig
from rag.documents import Document
from rag.sentences import SENTENCE_END
from rag.tokens import count_tokens, encoding
from rag.types import Chunk

_PARA = re.compile(r"\n[ \t]*\n+")
_LINE = re.compile(r"\n")
_SENT = SENTENCE_END  # the one boundary (rag.sentences)


@dataclass
class _Unit:
    start: int
    end: int
    tokens: int


def _split(text: str, start: int, end: int, pattern: re.Pattern) -> list[tuple[int, int]]:
    """Partition [start, end) at the *ends* of ``pattern`` matches (separators stay attached)."""
    cuts = [m.end() for m in pattern.finditer(text, start, end) if start < m.end() < end]
    bounds = [start, *cuts, end]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def _token_split(text: str, start: int, end: int, size: int) -> list[tuple[int, int]]:
    """Last resort for a run of text with no usable boundary: cut every ``size`` tokens."""
    enc = encoding()
    toks = enc.encode_ordinary(text[start:end])
    _, offsets = enc.decode_with_offsets(toks)
    cuts = [start + offsets[i] for i in range(size, len(toks), size)]
    bounds = [start, *cuts, end]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def _units(text: str, start: int, end: int, limit: int) -> list[_Unit]:
    """Split [start, end) into contiguous units of at most ``limit`` tokens, preferring the
    coarsest boundary (paragraph → line → sentence → token)."""
    out: list[_Unit] = []

    def rec(a: int, b: int, level: int):
        n = count_tokens(text[a:b])
        if n <= limit:
            out.append(_Unit(a, b, n))
            return
        if level < 3:
            pattern = (_PARA, _LINE, _SENT)[level]
            parts = _split(text, a, b, pattern)
            if len(parts) > 1:
                for pa, pb in parts:
                    rec(pa, pb, level)
                return
            rec(a, b, level + 1)
            return
        for pa, pb in _token_split(text, a, b, limit):
            out.append(_Unit(pa, pb, count_tokens(text[pa:pb])))

    rec(start, end, 0)
    return out


def _overlap_start(text: str, chunk_start: int, chunk_end: int, overlap: int) -> int:
    """Char offset where the next chunk begins so that it repeats about ``overlap`` tokens of
    the previous one, snapped forward to a sentence (else word) start."""
    if overlap <= 0:
        return chunk_end
    enc = encoding()
    tail_from = max(chunk_start, chunk_end - overlap * 12)
    toks = enc.encode_ordinary(text[tail_from:chunk_end])
    if len(toks) <= overlap:
        pos = tail_from
    else:
        _, offsets = enc.decode_with_offsets(toks)
        pos = tail_from + offsets[len(toks) - overlap]
    window = text[pos:chunk_end]
    m = _SENT.search(window) or re.search(r"\n", window)
    if m and m.end() < len(window):
        return pos + m.end()
    m = re.search(r"\s+", window)
    if m and m.end() < len(window):
        return pos + m.end()
    return pos if pos > chunk_start else chunk_end


def _blocks(doc: Document, cfg: RagConfig) -> list[list[tuple[int, int]]]:
    """Group sections into blocks: a section under ``chunk_min_tokens`` (typically a bare
    header) absorbs the following section, and a small last section joins its predecessor,
    so no chunk is a lonely header. Returns each block as its list of section spans."""
    blocks: list[list] = []  # [tokens, [(start, end), ...]]
    for sec in doc.sections:
        n = count_tokens(doc.text[sec.start:sec.end])
        if blocks and blocks[-1][0] < cfg.chunk_min_tokens:
            blocks[-1][0] += n
            blocks[-1][1].append((sec.start, sec.end))
        else:
            blocks.append([n, [(sec.start, sec.end)]])
    if len(blocks) > 1 and blocks[-1][0] < cfg.chunk_min_tokens:
        tail = blocks.pop()
        blocks[-1][0] += tail[0]
        blocks[-1][1].extend(tail[1])
    return [spans for _, spans in blocks]


def _held_paths(doc: Document, a: int, b: int) -> list[tuple[str, ...]]:
    """The section paths whose text [a, b) overlaps, in document order."""
    return [sec.path for sec in doc.sections if min(b, sec.end) > max(a, sec.start)] or [doc.sections[0].path]


def _declared(doc: Document, a: int, b: int) -> dict[str, str]:
    """The metadata lines declared by the sections [a, b) holds (a later section's keys fill in,
    never override, the first's)."""
    out: dict[str, str] = {}
    for sec in doc.sections:
        if min(b, sec.end) > max(a, sec.start):
            for k, v in sec.declared.items():
                out.setdefault(k, v)
    return out


def _path_for(paths: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The section path a chunk is labelled with: the first section it holds, a bare parent
    header giving way to its first child ("Notes › First topic", not "Notes"). Labelling a
    merged chunk by the section holding most of its characters (often the last) named a section
    the reader does not see first; every held section is kept in ``Chunk.section_paths`` and
    named by the citation."""
    return next(p for p in paths if not any(len(q) > len(p) and q[:len(p)] == p for q in paths))


def chunk_document(doc: Document, cfg: RagConfig) -> list[Chunk]:
    text = doc.text
    spans: list[tuple[int, int]] = []
    for block in _blocks(doc, cfg):
        units: list[tuple[_Unit, bool]] = []
        for s_start, s_end in block:
            us = _units(text, s_start, s_end, cfg.chunk_target_tokens)
            units.extend((u, i == 0) for i, u in enumerate(us))
        cur_start, cur_end, cur_tokens = block[0][0], block[0][0], 0
        block_spans: list[tuple[int, int]] = []
        for u, opens_section in units:
            has_text = cur_end > cur_start
            at_section = opens_section and cur_tokens >= cfg.chunk_min_tokens
            over = cur_tokens + u.tokens > cfg.chunk_target_tokens
            must = cur_tokens + u.tokens > cfg.chunk_max_tokens
            if has_text and (at_section or (over and (cur_tokens >= cfg.chunk_min_tokens or must))):
                block_spans.append((cur_start, cur_end))
                if at_section:  # a new section starts clean: no overlap across headers
                    cur_start = cur_end
                else:
                    cur_start = _overlap_start(text, cur_start, cur_end, cfg.chunk_overlap_tokens)
                cur_tokens = count_tokens(text[cur_start:cur_end])
            cur_end = u.end
            cur_tokens += u.tokens
        if cur_end > cur_start:
            # a small tail merges back into its predecessor when that stays under max
            if block_spans and cur_tokens < cfg.chunk_min_tokens and \
                    count_tokens(text[block_spans[-1][0]:cur_end]) <= cfg.chunk_max_tokens:
                block_spans[-1] = (block_spans[-1][0], cur_end)
            else:
                block_spans.append((cur_start, cur_end))
        spans.extend(block_spans)

    chunks = []
    for n, (a, b) in enumerate(spans):
        raw = text[a:b]
        held = _held_paths(doc, a, b)
        chunks.append(Chunk(
            id=f"{doc.doc_id}#{n}", doc_id=doc.doc_id, source=doc.source, title=doc.title,
            section_path=_path_for(held), text=raw, index=n, start=a, end=b, tokens=count_tokens(raw),
            section_paths=tuple(held) if len(held) > 1 else (),
            declared=_declared(doc, a, b),
        ))
    return chunks
