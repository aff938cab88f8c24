"""``python -m evals bootstrap --kb DIR --out DIR`` — draft goldens for a new knowledge base.

A team with a new KB can start measuring in minutes: this writes, in the datasets schema
(``datasets/README.md``), so that ``python -m evals --kb DIR --datasets OUT`` runs on them:

* ``benchmarks.jsonl`` — one look-up per benchmark fact the KB states (vertical × metric, and
  × platform when the fact names one; a pair stated for several platforms also gets a look-up
  without a platform that expects every one of them);
* ``audience.jsonl`` — one look-up per audience size the KB states;
* ``retrieval.jsonl`` — one query per top-level section heading, expecting that file and section, with
  the section's first sentence as the answer text;
* ``abstain.jsonl`` — a few off-domain questions (replace them with questions *near* your
  domain that your KB cannot answer — those are the ones that catch invented numbers).

Every row carries ``"draft": true``: the questions use the KB's own words (a reviewer should
rewrite them the way users ask, add absent pairs and synonyms, and delete the flag). Drafts are
*included* when the evals run (each eval prints how many rows of a file are drafts). Scenarios
(``scenarios/*.json``) are not drafted — write them by hand (see ``datasets/README.md``); until
then run the other evals by name.

Facts come from :func:`extracted_facts`: the KB's benchmark and audience tables
(:mod:`mpa.tables`), or every form :mod:`mpa.facts` reads once that module is installed. Files are
written atomically and never overwritten without ``--force``.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

FILES = ("benchmarks.jsonl", "audience.jsonl", "retrieval.jsonl", "abstain.jsonl")
NATIONAL = "United States"
_FORM_TAG = {"table": "canonical", "list": "bullet", "metric-line": "kv-line", "sentence": "sentence"}
# generic off-domain questions: no KB of media-planning documents answers them
OFF_DOMAIN = (
    "What hydration ratio should a beginner use for bread dough?",
    "Who won the chess world championship in 1972?",
    "How do I replace the chain on a mountain bike?",
    "Translate 'the meeting moved to Thursday' into Italian.",
    "What is the boiling point of water at the top of a 3,000 m mountain?",
)


@dataclass
class DraftFact:
    """One stated figure, whichever reader found it (the fields the goldens need)."""
    kind: str                 # "benchmark" | "audience"
    source: str
    value: str                # verbatim
    low: float | None
    high: float | None
    unit: str
    form: str                 # "table" | "list" | "metric-line" | "sentence"
    vertical: str | None = None
    metric: str | None = None
    platform: str | None = None
    audience: str | None = None
    geography: str | None = None


# ------------------------------------------------------------------ facts
def _table_facts(docs: list[tuple[str, str]]) -> list[DraftFact]:
    from mpa.tables import audience_rows, benchmark_rows

    out = [DraftFact("benchmark", r.source, r.typical, r.typical_low, r.typical_high, r.unit, "table",
                     vertical=r.vertical, metric=r.metric) for r in benchmark_rows(docs)]
    out += [DraftFact("audience", r.source, r.estimated_size, r.size, r.size, "people", "table",
                      audience=r.audience, geography=r.geography) for r in audience_rows(docs) if r.size]
    return out


def _extractor_facts(docs: list[tuple[str, str]]) -> list[DraftFact] | None:
    """Facts from :mod:`mpa.facts` (every KB format) when it is installed; None otherwise."""
    try:
        from mpa.facts import kb_facts
    except ImportError:
        return None
    out = []
    for f in kb_facts(docs):
        g = lambda name: getattr(f, name, None)  # noqa: E731
        out.append(DraftFact(g("kind"), g("source"), g("value"), g("low"), g("high"), g("unit") or "",
                             g("form") or "list", vertical=g("vertical"), metric=g("metric"),
                             platform=g("platform"), audience=g("audience"), geography=g("geography")))
    return out


def extracted_facts(kb: Path) -> tuple[list[DraftFact], str]:
    """(facts, reader name) for the KB directory."""
    from mpa.tables import read_kb_texts

    docs = read_kb_texts(kb)
    facts = _extractor_facts(docs)
    return (facts, "mpa.facts") if facts is not None else (_table_facts(docs), "mpa.tables")


def _fact_json(f: DraftFact) -> dict:
    return {"platform": f.platform, "value": f.value, "low": f.low, "high": f.high, "unit": f.unit, "source": f.source}


def benchmark_drafts(facts: list[DraftFact]) -> list[dict]:
    from mpa.vocabulary import VOCABULARY

    groups: dict[tuple[str, str], list[DraftFact]] = defaultdict(list)
    for f in facts:
        if f.kind == "benchmark" and f.vertical and f.metric and f.value:
            groups[(f.vertical, f.metric)].append(f)
    rows = []

    def add(vertical, metric, platform, fs, tags):
        first = fs[0]
        row = {"id": f"draft-b{len(rows) + 1:03d}", "vertical": vertical, "metric": metric, "platform": platform,
               "expected_value": first.value, "expected_low": first.low, "expected_high": first.high,
               "expected_source": first.source, "expected_facts": [_fact_json(f) for f in fs],
               "canonical_vertical": vertical if vertical in VOCABULARY["verticals"] else None,
               "canonical_metric": metric if metric in VOCABULARY["metrics"] else None,
               "tags": tags, "draft": True}
        if row["canonical_metric"] is None:
            del row["canonical_metric"]
        rows.append(row)

    for (vertical, metric), fs in groups.items():
        platforms = list(dict.fromkeys(f.platform for f in fs))
        forms = sorted({_FORM_TAG.get(f.form, f.form) for f in fs})
        if platforms == [None]:
            add(vertical, metric, None, fs, forms)
            continue
        for p in platforms:
            add(vertical, metric, p, [f for f in fs if f.platform == p], (["platform"] if p else []) + forms)
        if len(platforms) > 1:
            add(vertical, metric, None, fs, ["ambiguous"] + forms)
    return rows


def audience_drafts(facts: list[DraftFact]) -> list[dict]:
    rows, seen = [], set()
    for f in facts:
        if f.kind != "audience" or not f.value or f.high is None:
            continue
        national = not f.geography or f.geography == NATIONAL
        key = (f.audience, None if national else f.geography)
        if key in seen:
            continue
        seen.add(key)
        name = (f.audience or "population").split("(")[0].strip() or f.audience
        row = {"id": f"draft-a{len(rows) + 1:03d}", "audience_type": name,
               "geography": None if national else f.geography, "expected_source": f.source,
               "expected_size": int(f.high) if float(f.high).is_integer() else f.high,
               "expected_size_text": f.value, "tags": ["exact", "national" if national else "geo"], "draft": True}
        row["expected_row"] = {"audience": f.audience, "geography": f.geography or NATIONAL} \
            if f.form == "table" else None
        rows.append(row)
    return rows


# ------------------------------------------------------------------ retrieval
_PREFIX = re.compile(r"^(?:(?:section|step|part|chapter)\s+\d+[a-z]?\s*[-–—:.]\s*|\d+(?:\.\d+)*[.)]?\s+)", re.I)
_META = re.compile(r"^\s*(?:META(?:_[A-Z0-9_]+:| - )|RELATED - |[-=_*~]{5,}\s*$)")


_QUESTION = re.compile(r"^(what|how|why|when|where|who|which|should|can|do|does|is|are)\b", re.I)


def _topic(heading: str) -> str:
    t = _PREFIX.sub("", heading.strip()).strip(" -–—:")
    if t.isupper() or t.istitle():
        return t.lower()
    return t[0].lower() + t[1:] if len(t) > 1 and t[1].islower() else t


def _query(topic: str, where: str) -> str:
    if _QUESTION.match(topic):
        return f"{topic[0].upper()}{topic[1:].rstrip('?')}{where}?"
    return f"What should I know about {topic}{where}?"


def _first_sentence(body: str) -> str | None:
    """The first prose line of a section body (no headings, META lines or rules), cut to one sentence."""
    for line in body.splitlines():
        s = line.strip().lstrip("#").strip()
        if len(s) < 30 or _META.match(line) or s.isupper():
            continue
        s = re.split(r"(?<=[.!?])\s", s, maxsplit=1)[0]
        return s if len(s) >= 20 else None
    return None


def retrieval_drafts(kb: Path) -> list[dict]:
    from rag.documents import load_directory

    docs = load_directory(kb).documents
    sections = []
    for d in docs:
        seen = set()
        for s in d.sections:
            if len(s.path) != 2 or s.path[-1] in seen:  # top-level sections: one query each
                continue
            seen.add(s.path[-1])
            body = d.text[s.start:s.end].split("\n", 1)[1] if "\n" in d.text[s.start:s.end] else ""
            answer = _first_sentence(body)
            if answer:
                sections.append((d, s.path[-1], answer))
    topics = defaultdict(set)
    for d, h, _ in sections:
        topics[_topic(h)].add(d.source)
    rows = []
    for d, h, answer in sections:
        t = _topic(h)
        where = f" in {d.title}" if len(topics[t]) > 1 else ""
        rows.append({"id": f"draft-r{len(rows) + 1:03d}", "query": _query(t, where),
                     "expected_sources": [d.source], "expected_sections": {d.source: [h]}, "answer_text": answer,
                     "tags": ["heading"], "draft": True})
    return rows


def abstain_drafts() -> list[dict]:
    return [{"id": f"draft-x{i:03d}", "question": q, "must_abstain": True, "category": "off-domain",
             "why": "generic off-domain draft; replace with near-domain questions this KB cannot answer",
             "draft": True} for i, q in enumerate(OFF_DOMAIN, 1)]


# ------------------------------------------------------------------ reading
_REPORTED: set[str] = set()


def report_drafts(path: Path, rows: list[dict]) -> None:
    """Print (once per file and process) how many rows are unreviewed drafts: the evals include
    them, so their scores are provisional until the drafts are reviewed."""
    n = sum(1 for r in rows if r.get("draft") is True)
    if n and str(path) not in _REPORTED:
        _REPORTED.add(str(path))
        print(f"evals: {path.name}: {n} of {len(rows)} rows are drafts (included; review them and drop "
              f'"draft": true)', file=sys.stderr)


# ------------------------------------------------------------------ writing
def write_jsonl_atomic(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` to ``path`` through a temporary file in the same directory (no half files)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def bootstrap(kb: Path, out: Path, force: bool = False) -> dict[str, int]:
    """Write the draft datasets; returns rows per file. Raises FileExistsError (naming the files)
    when any target exists and ``force`` is false — before writing anything."""
    existing = [out / f for f in FILES if (out / f).exists()]
    if existing and not force:
        raise FileExistsError(f"{', '.join(str(p) for p in existing)} already exist(s); pass --force to overwrite")
    facts, reader = extracted_facts(kb)
    data = {"benchmarks.jsonl": benchmark_drafts(facts), "audience.jsonl": audience_drafts(facts),
            "retrieval.jsonl": retrieval_drafts(kb), "abstain.jsonl": abstain_drafts()}
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in data.items():
        write_jsonl_atomic(out / name, rows)
    counts = {name: len(rows) for name, rows in data.items()}
    counts["_facts"] = len(facts)
    counts["_reader"] = reader  # type: ignore[assignment]
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals bootstrap", description=__doc__.split("\n\n")[0])
    ap.add_argument("--kb", required=True, help="knowledge-base directory")
    ap.add_argument("--out", required=True, help="directory for the draft datasets")
    ap.add_argument("--force", action="store_true", help="overwrite existing dataset files")
    args = ap.parse_args(argv)
    kb, out = Path(args.kb).expanduser(), Path(args.out).expanduser()
    if not kb.is_dir():
        print(f"bootstrap: --kb {kb}: not a directory", file=sys.stderr)
        return 2
    try:
        counts = bootstrap(kb, out, force=args.force)
    except (FileExistsError, ValueError, OSError) as exc:
        print(f"bootstrap: {exc}", file=sys.stderr)
        return 2
    print(f"bootstrap: {counts['_facts']} facts read by {counts['_reader']} from {kb}")
    for name in FILES:
        print(f"  {out / name}: {counts[name]} draft rows")
    print("  scenarios/: none drafted (write them by hand; see datasets/README.md)")
    print('Review every row (rewrite questions in users\' words, add absent pairs), then drop "draft": true.')
    return 0


if __name__ == "__main__":
    sys.exit(main())
