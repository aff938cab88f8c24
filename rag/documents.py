"""Load a knowledge-base directory into documents with sections.

Markdown: ATX headers (``#`` … ``######``) outside code fences; the first H1 is the title.
Plain text: real-world ``.txt`` knowledge bases mark sections with ALL-CAPS lines, numbered
headings (``1. Title``, ``1.2 Title``) or short Title-Case lines; we recognise all three. A
document that frames its headings between rule lines (a line of dashes, the heading, another
line of dashes) is split on those framed headings only: its other ALL-CAPS lines are list
captions inside a section, not sections. ``META_KEY: value`` lines declare metadata for their
section (:attr:`Section.declared`); what the keys mean is the domain's business.
Every section keeps its path (title › section › subsection) and char offsets, so chunks can be
cited precisely and coverage can be checked.

A bad file never stops a load: binary, empty, unreadable or oversized files are reported by
name and skipped; non-UTF-8 files are decoded with replacement characters and reported.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from rag.types import DECLARED_LINE

log = logging.getLogger("rag")

SUPPORTED_SUFFIXES = (".md", ".txt")
# bump when parsing changes what a document's sections or declared fields are: it enters the
# index hash, so indexes built by an older parser are rebuilt (rag.engine.index_hash)
PARSER_VERSION = 2


class EmptyKnowledgeBaseError(ValueError):
    """Raised when a knowledge-base directory yields no usable document."""


@dataclass
class Section:
    path: tuple[str, ...]  # (title, section, subsection, ...)
    start: int  # char offset of the section (header line included)
    end: int
    declared: dict[str, str] = field(default_factory=dict)  # its META_KEY: value lines


@dataclass
class Document:
    doc_id: str
    source: str  # file name relative to the KB root, for citations
    title: str
    text: str
    sections: list[Section]
    sha256: str
    size: int


@dataclass
class LoadReport:
    documents: list[Document] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    warnings: list[tuple[str, str]] = field(default_factory=list)


# ---------------------------------------------------------------- reading files

def file_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_kb_file(path: Path, max_bytes: int, report: LoadReport, rel: str) -> tuple[str, bytes] | None:
    """Return (text, raw bytes) or None after recording why the file was skipped."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return _skip(report, rel, f"file is {size:,} bytes, over the {max_bytes:,}-byte limit")
        data = path.read_bytes()
    except OSError as exc:
        return _skip(report, rel, f"unreadable: {exc.strerror or exc}")
    if b"\x00" in data[:8192]:
        return _skip(report, rel, "binary file (NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        msg = f"not valid UTF-8 (byte {exc.start}); decoded with U+FFFD replacement characters"
        report.warnings.append((rel, msg))
        log.warning("%s: %s", rel, msg)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return _skip(report, rel, "empty file")
    return text, data


def _skip(report: LoadReport, rel: str, reason: str) -> None:
    report.skipped.append((rel, reason))
    log.warning("skipping %s: %s", rel, reason)
    return None


def kb_files(kb_dir: Path) -> tuple[list[Path], list[tuple[str, str]]]:
    """Supported files under ``kb_dir`` and the ones refused, with why. A symlink is followed
    only when its target lies inside the KB root: a link to a system file is never indexed
    nor served. (Symlinked directories are not descended into.)"""
    root = kb_dir.resolve()
    ok, refused = [], []
    for p in sorted(kb_dir.rglob("*")):
        if p.suffix.lower() not in SUPPORTED_SUFFIXES or p.name.startswith("."):
            continue
        rel = p.relative_to(kb_dir).as_posix()
        try:
            real, is_file = p.resolve(strict=True), p.is_file()
        except (OSError, RuntimeError):
            refused.append((rel, "broken or looping symlink"))
            continue
        if not is_file:
            continue
        if p.is_symlink() and root not in real.parents:
            refused.append((rel, "symlink to a file outside the knowledge base (not followed)"))
            continue
        ok.append(p)
    return ok, refused


def list_kb_files(kb_dir: Path) -> list[Path]:
    return kb_files(kb_dir)[0]


def doc_id_for(rel: str) -> str:
    stem = rel.rsplit(".", 1)[0]
    return re.sub(r"[^A-Za-z0-9_/.-]+", "-", stem).strip("-")


def load_document(path: Path, kb_dir: Path, max_bytes: int, report: LoadReport) -> Document | None:
    rel = path.relative_to(kb_dir).as_posix()
    got = read_kb_file(path, max_bytes, report, rel)
    if got is None:
        return None
    text, data = got
    if path.suffix.lower() == ".md":
        title, sections = parse_markdown(text, fallback_title=_title_from_name(path))
    else:
        title, sections = parse_text(text, fallback_title=_title_from_name(path))
    for sec in sections:
        sec.declared = declared_fields(text[sec.start:sec.end])
    return Document(doc_id_for(rel), rel, title, text, sections, file_sha256(data), len(data))


def load_directory(kb_dir: str | Path, max_bytes: int = 10_000_000) -> LoadReport:
    """Load every ``.md``/``.txt`` file under ``kb_dir`` (recursively)."""
    kb = Path(kb_dir)
    if not kb.is_dir():
        raise EmptyKnowledgeBaseError(f"knowledge-base directory not found: {kb}")
    report = LoadReport()
    paths, refused = kb_files(kb)
    for rel, reason in refused:
        _skip(report, rel, reason)
    for path in paths:
        doc = load_document(path, kb, max_bytes, report)
        if doc is not None:
            report.documents.append(doc)
    if not report.documents:
        why = "; ".join(f"{f}: {r}" for f, r in report.skipped) or "no .md or .txt files"
        raise EmptyKnowledgeBaseError(f"knowledge base {kb} has no usable documents ({why})")
    return report


def declared_fields(text: str) -> dict[str, str]:
    """``META_TOPICS: a, b`` lines → ``{"TOPICS": "a, b"}`` (a repeated key keeps the first)."""
    out: dict[str, str] = {}
    for m in DECLARED_LINE.finditer(text):
        out.setdefault(m.group(1), m.group(2))
    return out


def _title_from_name(path: Path) -> str:
    return re.sub(r"[-_]+", " ", path.stem).strip().title()


# ---------------------------------------------------------------- section parsing

_ATX = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _lines_with_offsets(text: str):
    pos = 0
    for line in text.split("\n"):
        yield pos, line
        pos += len(line) + 1


def _build_sections(text: str, title: str, headers: list[tuple[int, int, str]]) -> list[Section]:
    """headers: (offset, level, header text) with level 1 = top section below the title."""
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []
    first = headers[0][0] if headers else len(text)
    if text[:first].strip():
        sections.append(Section((title,), 0, first))
    for i, (off, level, name) in enumerate(headers):
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, name))
        end = headers[i + 1][0] if i + 1 < len(headers) else len(text)
        sections.append(Section((title, *[n for _, n in stack]), off, end))
    if not sections:
        sections.append(Section((title,), 0, len(text)))
    sections[0].start = 0  # leading whitespace belongs to the first section: full coverage
    return sections


def parse_markdown(text: str, fallback_title: str) -> tuple[str, list[Section]]:
    headers: list[tuple[int, int, str]] = []
    in_fence = False
    title = None
    for off, line in _lines_with_offsets(text):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = _ATX.match(line)
        if not m:
            continue
        level, name = len(m.group(1)), m.group(2).strip()
        if level == 1 and title is None:
            title = name
            headers.append((off, 0, name))  # the H1 opens the title-level section
            continue
        headers.append((off, max(level - 1, 1), name))
    title = title or fallback_title
    # the H1 title line belongs to the preamble section; it is not a path element
    return title, _build_sections(text, title, [h for h in headers if h[1] > 0])


_NUMBERED = re.compile(r"^\s*(\d+(?:\.\d+)*)\.?\s+([A-Z][^\n]{0,78})$")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "vs", "with"}


def _is_all_caps(line: str) -> bool:
    s = line.strip()
    letters = [c for c in s if c.isalpha()]
    return (
        3 <= len(s) <= 80 and len(letters) >= 3 and all(c.isupper() for c in letters)
        and not s.endswith((".", ",", ";"))
    )


def _is_title_case(line: str) -> bool:
    s = line.strip()
    if not (3 <= len(s) <= 60) or s.endswith((".", ",", ";", ":", "?", "!")):
        return False
    words = re.findall(r"[A-Za-z][A-Za-z'’&/-]*", s)
    if not (1 <= len(words) <= 8) or len(words) < len(s.split()) * 0.6:
        return False
    content = [w for w in words if w.lower() not in _SMALL_WORDS]
    return bool(content) and all(w[0].isupper() for w in content) and words[0][0].isupper()


RULE_LINE = re.compile(r"^\s*([-=_~*])\1{9,}\s*$")  # a line of one repeated mark framing a plain-text heading ("-----")


def framed_at(lines: list[str]) -> list[int]:
    """The indexes of the lines framed as headings by rule lines (``-----`` / ``SECTION 1 - X`` / ``-----``)."""
    return [i for i in range(1, len(lines) - 1) if (s := lines[i].strip()) and not RULE_LINE.match(s)
            and RULE_LINE.match(lines[i - 1]) and RULE_LINE.match(lines[i + 1])]


def _framed_headings(lines: list[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """Headings framed by rule lines (:func:`framed_at`); the section starts at the upper rule so the frame stays
    with its heading."""
    out = []
    for i in framed_at([line for _, line in lines]):
        s = lines[i][1].strip()
        out.append((lines[i - 1][0], 1, s.title() if _is_all_caps(s) else s))
    return out


def parse_text(text: str, fallback_title: str) -> tuple[str, list[Section]]:
    """Detect headings in plain text. A heading must stand alone: preceded by a blank line
    (or start of file) and followed by a blank line or content — but not be a sentence.
    Framed headings, when a document has them, are its only headings."""
    lines = list(_lines_with_offsets(text))
    framed = _framed_headings(lines)
    if framed:
        first = _first_nonblank(lines)
        s = lines[first][1].strip()
        title = (s.title() if _is_all_caps(s) else s) if first >= 0 and lines[first][0] < framed[0][0] \
            and len(s) <= 120 and not RULE_LINE.match(s) else fallback_title
        return title, _build_sections(text, title, framed)
    headers: list[tuple[int, int, str]] = []
    title = None
    last_major = 0
    for i, (off, line) in enumerate(lines):
        s = line.strip()
        if not s:
            continue
        prev_blank = i == 0 or not lines[i - 1][1].strip()
        next_line = lines[i + 1][1].strip() if i + 1 < len(lines) else ""
        if not prev_blank:
            continue
        m = _NUMBERED.match(line)
        if m and not s.endswith((".", ",", ";")) and len(s.split()) <= 12:
            level = m.group(1).count(".") + 1
            headers.append((off, level, s))
            last_major = level
            continue
        if _is_all_caps(s):
            if title is None and not headers and i == _first_nonblank(lines):
                title = s.title()
                continue
            headers.append((off, 1, s.title()))
            last_major = 1
            continue
        if _is_title_case(s) and (not next_line or not _is_title_case(next_line)):
            if title is None and not headers and i == _first_nonblank(lines):
                title = s
                continue
            headers.append((off, max(last_major, 0) + 1, s))
    title = title or fallback_title
    return title, _build_sections(text, title, headers)


def _first_nonblank(lines) -> int:
    for i, (_, line) in enumerate(lines):
        if line.strip():
            return i
    return -1
