"""Every dataset under datasets/ is valid against its schema and consistent with the KB.

The KB's Markdown tables (read by ``mpa.tables``) are the single source of truth for numbers;
these tests check every golden against them, and the retrieval goldens against the KB text,
its section headers and the chunker. A dataset file that does not exist yet FAILS (it is a
deliverable, not an optional extra). The only skip: loading the scenarios through
``agent.scenario.load_scenario`` when the agent package is not there yet.

Schemas are described in datasets/README.md.
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Callable, Iterable

import pytest

from rag.analyzer import get_analyzer
from rag.documents import parse_markdown
from mpa.vocabulary import VOCABULARY, canonical
from mpa.tables import audience_rows, benchmark_rows, read_kb_texts

ROOT = Path(__file__).resolve().parent.parent
DATASETS = ROOT / "datasets"
KB = ROOT / "kb"

KB_TEXTS: dict[str, str] = dict(read_kb_texts(KB))
BENCH = {(r.vertical, r.metric): r for r in benchmark_rows(KB_TEXTS.items())}
AUDIENCE = audience_rows(KB_TEXTS.items())

MINIMUMS = {
    "retrieval.jsonl": {"rows": 150, "tag:paraphrase": 30, "tag:multi-hop": 20},
    "benchmarks.jsonl": {"rows": 80, "tag:synonym": 15, "tag:absent": 15},
    "audience.jsonl": {"rows": 25, "tag:absent": 4},
    "abstain.jsonl": {"rows": 40},
    "scorer_calibration.jsonl": {"rows": 60},
}
MIN_SCENARIOS, MIN_TURNS, MAX_TURNS = 30, 4, 10

PLAIN_VERTICAL_NAMES = {"ecommerce": "ecommerce", "saas": "saas", "retail": "retail",
                        "financial-services": "financial services", "travel": "travel", "cpg": "cpg",
                        "automotive": "automotive", "healthcare": "healthcare", "education": "education",
                        "gaming": "gaming"}


# ------------------------------------------------------------------ helpers
def load_jsonl(name: str) -> list[dict]:
    path = DATASETS / name
    if not path.is_file():
        pytest.fail(f"datasets/{name} does not exist (it is a required dataset)")
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            pytest.fail(f"datasets/{name} line {n}: invalid JSON ({exc})")
        if not isinstance(row, dict):
            pytest.fail(f"datasets/{name} line {n}: a row must be a JSON object")
        rows.append(row)
    if not rows:
        pytest.fail(f"datasets/{name} is empty")
    return rows


def rid(row: dict) -> str:
    return str(row.get("id", "<no id>"))


def _is_str(v) -> bool:
    return isinstance(v, str) and bool(v.strip())


def _is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_str_list(v) -> bool:
    return isinstance(v, list) and all(_is_str(x) for x in v)


def check_keys(row: dict, required: dict, optional: dict | None = None, where: str = "") -> list[str]:
    """Schema check: required keys present with the right type, no unknown keys (a misspelt
    field is an error, not a silently different golden)."""
    optional = optional or {}
    where = where or rid(row)
    errors = []
    for key, ok in required.items():
        if key not in row:
            errors.append(f"{where}: missing field {key!r}")
        elif not ok(row[key]):
            errors.append(f"{where}: field {key!r} has a bad value {row[key]!r}")
    for key, ok in optional.items():
        if key in row and not ok(row[key]):
            errors.append(f"{where}: field {key!r} has a bad value {row[key]!r}")
    unknown = set(row) - set(required) - set(optional)
    if unknown:
        errors.append(f"{where}: unknown field(s) {sorted(unknown)}")
    return errors


def assert_no_errors(errors: list[str], what: str) -> None:
    assert not errors, f"{len(errors)} problem(s) in {what}:\n  " + "\n  ".join(errors)


def assert_rows_ok(name: str, what: str, row_errors: Callable[[dict, str], Iterable[str]]) -> None:
    """``row_errors(row, id)`` over every row of ``datasets/<name>``: the test fails once, listing every
    problem of every row (a golden file is fixed in one pass, not one failure at a time)."""
    assert_no_errors([e for row in load_jsonl(name) for e in row_errors(row, rid(row))], f"datasets/{name} ({what})")


def _norm_ws(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


_KB_NORM = {s: _norm_ws(t) for s, t in KB_TEXTS.items()}


def occurs_verbatim(snippet: str, source: str) -> bool:
    """Exact substring of the source (runs of whitespace, e.g. line wraps, compare equal)."""
    return source in KB_TEXTS and (snippet in KB_TEXTS[source] or _norm_ws(snippet) in _KB_NORM[source])


_HEADERS: dict[str, set[str]] = {}


def headers_of(source: str) -> set[str]:
    """The document title and every section header, as the chunker sees them."""
    if source not in _HEADERS:
        title, sections = parse_markdown(KB_TEXTS[source], source)
        _HEADERS[source] = {title} | {h for s in sections for h in s.path}
    return _HEADERS[source]


def table_row(vertical: str, metric: str):
    v = canonical(vertical, "verticals") if vertical else None
    m = canonical(metric, "metrics") if metric else None
    return v, m, BENCH.get((v, m))


# ------------------------------------------------------------------ sizes and coverage
@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_dataset_sizes(name):
    rows = load_jsonl(name)
    problems = []
    for what, minimum in MINIMUMS[name].items():
        if what == "rows":
            n = len(rows)
        else:
            tag = what.split(":", 1)[1]
            n = sum(1 for r in rows if tag in (r.get("tags") or []))
        if n < minimum:
            problems.append(f"{what}: {n} < {minimum}")
    assert not problems, f"datasets/{name} is below its minimums: {problems}"


def test_scenario_count_and_turns():
    files = scenario_files()
    assert len(files) >= MIN_SCENARIOS, f"{len(files)} scenario files < {MIN_SCENARIOS}"
    bad = []
    for path in files:
        turns = json.loads(path.read_text(encoding="utf-8")).get("turns", [])
        if not (MIN_TURNS <= len(turns) <= MAX_TURNS):
            bad.append(f"{path.stem}: {len(turns)} user turns")
    assert not bad, f"scenarios need {MIN_TURNS}-{MAX_TURNS} user turns each: {bad}"


@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_ids_are_unique(name):
    rows = load_jsonl(name)
    if name == "scorer_calibration.jsonl" and not any("id" in r for r in rows):
        return  # calibration rows need no id
    seen, dupes = set(), []
    for r in rows:
        if r.get("id") in seen:
            dupes.append(rid(r))
        seen.add(r.get("id"))
    assert not dupes, f"datasets/{name}: duplicate ids {dupes}"


# ------------------------------------------------------------------ benchmarks.jsonl
BENCH_REQUIRED = {
    "id": _is_str, "vertical": _is_str, "metric": _is_str,
    "expected_value": lambda v: v is None or _is_str(v),
    "expected_low": lambda v: v is None or _is_num(v), "expected_high": lambda v: v is None or _is_num(v),
    "expected_source": lambda v: v is None or _is_str(v),
    "canonical_vertical": lambda v: v is None or v in VOCABULARY["verticals"],
    "canonical_metric": lambda v: v in VOCABULARY["metrics"],
    "tags": lambda v: isinstance(v, list) and bool(v) and set(v) <= {"canonical", "synonym", "absent"},
}


# "draft": true marks a row written by `python -m evals bootstrap` and not yet reviewed (the evals include drafts)
DRAFT = {"draft": lambda v: v is True}
_FACT_KEYS = {"platform", "value", "low", "high", "unit", "source"}
BENCH_OPTIONAL = {**DRAFT, "platform": lambda v: v is None or _is_str(v),
                  "expected_facts": lambda v: isinstance(v, list) and all(
                      isinstance(f, dict) and set(f) == _FACT_KEYS and _is_str(f["value"]) for f in v)}


def test_synonym_goldens_are_not_in_the_vocabulary():
    """A synonym golden tests resolution of words users type, so the vocabulary must not already
    hold them: neither the vertical nor the metric string resolves through rag.metadata
    (exact synonym or any synonym inside it). get_benchmark has to resolve them by general rules."""
    bad = []
    rows = [r for r in load_jsonl("benchmarks.jsonl") if "synonym" in (r.get("tags") or [])]
    for row in rows:
        for field, table in (("vertical", "verticals"), ("metric", "metrics")):
            text = row.get(field) or ""
            hit = canonical(text, table) or (table == "verticals" and canonical(text, "uncovered_verticals"))
            if hit:
                bad.append(f"{rid(row)}: {field} {text!r} is in VOCABULARY[{table!r}] (resolves to {hit!r})")
            if not row.get(f"canonical_{field}"):
                bad.append(f"{rid(row)}: synonym rows name canonical_{field}")
    assert_no_errors(bad, "datasets/benchmarks.jsonl (synonym rows)")


def test_benchmarks_match_the_tables():
    assert_rows_ok("benchmarks.jsonl", "against the KB tables", _benchmark_errors)


def _benchmark_errors(row: dict, i: str) -> Iterable[str]:
    if "synonym" in (row.get("tags") or []):
        # user words the vocabulary does not know (see test_synonym_goldens_are_not_in_the_vocabulary):
        # the row is checked against the table row of its declared canonical pair
        v, m = row.get("canonical_vertical"), row.get("canonical_metric")
        r = BENCH.get((v, m))
    else:
        v, m, r = table_row(row.get("vertical", ""), row.get("metric", ""))
    if v != row.get("canonical_vertical"):
        yield (f"{i}: vertical {row.get('vertical')!r} resolves to {v!r} via mpa.vocabulary, "
               f"not canonical_vertical {row.get('canonical_vertical')!r}")
    if m != row.get("canonical_metric"):
        yield (f"{i}: metric {row.get('metric')!r} resolves to {m!r}, "
               f"not canonical_metric {row.get('canonical_metric')!r}")
    tags = row.get("tags") or []
    if row.get("expected_value") is None:
        if r is not None:
            yield f"{i}: expected_value is null but the tables have {v} × {m} = {r.typical!r} ({r.source})"
        if "absent" not in tags:
            yield f"{i}: null expected_value must be tagged 'absent'"
        for key in ("expected_low", "expected_high", "expected_source"):
            if row.get(key) is not None:
                yield f"{i}: absent pair must have {key} null"
        return
    if "absent" in tags:
        yield f"{i}: tagged 'absent' but has expected_value {row['expected_value']!r}"
    src = row.get("expected_source")
    if src not in KB_TEXTS:
        yield f"{i}: expected_source {src!r} is not a file in kb/"
    if r is None:
        yield f"{i}: no table row for {v} × {m}, but expected_value is {row['expected_value']!r}"
        return
    if r.source != src:
        yield f"{i}: {v} × {m} lives in {r.source}, not {src}"
    if r.typical != row["expected_value"]:
        yield f"{i}: expected_value {row['expected_value']!r} != Typical cell {r.typical!r} ({r.source})"
    for key, want in (("expected_low", r.typical_low), ("expected_high", r.typical_high)):
        got = row.get(key)
        if got is None or want is None or not math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9):
            yield f"{i}: {key} {got!r} != {want!r} (parsed from {r.typical!r})"
    if "canonical" in tags:
        if row["vertical"].lower() not in {v, PLAIN_VERTICAL_NAMES.get(v)}:
            yield f"{i}: tagged 'canonical' but vertical {row['vertical']!r} is not the canonical name"
        if row["metric"] != m:
            yield f"{i}: tagged 'canonical' but metric {row['metric']!r} is not the code {m!r}"


def test_benchmarks_cover_every_table_row_canonically():
    covered = {(r["canonical_vertical"], r["canonical_metric"]) for r in load_jsonl("benchmarks.jsonl")
               if "canonical" in (r.get("tags") or []) and r.get("expected_value") is not None}
    missing = sorted(set(BENCH) - covered)
    assert not missing, f"table rows without a canonical look-up in benchmarks.jsonl: {missing}"


# ------------------------------------------------------------------ audience.jsonl
AUD_REQUIRED = {
    "id": _is_str, "audience_type": _is_str, "geography": lambda v: v is None or _is_str(v),
    "expected_source": lambda v: v is None or _is_str(v),
    "expected_size": lambda v: v is None or _is_num(v),
    "expected_size_text": lambda v: v is None or _is_str(v),
    "expected_row": lambda v: v is None or (isinstance(v, dict) and set(v) == {"audience", "geography"}
                                            and all(_is_str(x) for x in v.values())),
    "tags": _is_str_list,
}
AUD_OPTIONAL = {"why": _is_str, **DRAFT}


def test_audience_matches_the_table():
    errors = []
    rows = load_jsonl("audience.jsonl")
    for row in rows:
        i = rid(row)
        if row.get("expected_size") is None:
            if "absent" not in (row.get("tags") or []):
                errors.append(f"{i}: null expected_size must be tagged 'absent'")
            if any(row.get(k) is not None for k in ("expected_size_text", "expected_row", "expected_source")):
                errors.append(f"{i}: absent request must have expected_source/expected_size_text/expected_row null")
            # the table must really lack it: no row whose audience and geography both match the request
            want_geo = (row.get("geography") or "United States").lower()
            for t in AUDIENCE:
                if t.audience.lower().startswith(row["audience_type"].lower()) and t.geography.lower() == want_geo:
                    errors.append(f"{i}: tagged absent, but the table has {t.audience!r} / {t.geography!r}")
            continue
        src = row.get("expected_source")
        if src not in KB_TEXTS:
            errors.append(f"{i}: expected_source {src!r} is not a file in kb/")
        er = row.get("expected_row") or {}
        hits = [t for t in AUDIENCE if t.audience == er.get("audience") and t.geography == er.get("geography")]
        if len(hits) != 1:
            errors.append(f"{i}: expected_row {er} matches {len(hits)} table rows (want exactly 1)")
            continue
        t = hits[0]
        if t.source != src:
            errors.append(f"{i}: the row lives in {t.source}, not {src}")
        if t.size is None or not math.isclose(row["expected_size"], t.size, rel_tol=1e-9):
            errors.append(f"{i}: expected_size {row['expected_size']} != table {t.estimated_size!r} ({t.size})")
        if row.get("expected_size_text") != t.estimated_size:
            errors.append(f"{i}: expected_size_text {row.get('expected_size_text')!r} != cell {t.estimated_size!r}")
        if row.get("geography") is None and t.geography != "United States":
            errors.append(f"{i}: no geography requested, so the national row is expected, not {t.geography!r}")
        if "absent" in (row.get("tags") or []):
            errors.append(f"{i}: tagged 'absent' but has an expected size")
    assert sum(r.get("geography") is None for r in rows) >= 5, "need national (geography null) requests"
    assert sum(r.get("geography") is not None for r in rows) >= 5, "need requests with a geography"
    assert_no_errors(errors, "datasets/audience.jsonl (against the audience table)")


# ------------------------------------------------------------------ retrieval.jsonl
RETR_REQUIRED = {
    "id": _is_str, "query": _is_str,
    "expected_sources": lambda v: _is_str_list(v) and bool(v),
    "expected_sections": lambda v: _is_str(v) or (_is_str_list(v) and bool(v)) or (
        isinstance(v, dict) and bool(v) and all(_is_str(x) or _is_str_list(x) for x in v.values())),
    "tags": lambda v: _is_str_list(v) and bool(v),
}
RETR_OPTIONAL = {"answer_text": _is_str, "answer_texts": lambda v: _is_str_list(v) and bool(v),
                 "expected_chunk_ids": _is_str_list, "notes": _is_str, "note": _is_str, **DRAFT}


def _sections(row: dict) -> list[tuple[list[str], str]]:
    """(candidate sources, section header) pairs; a "A › B" path contributes its parts."""
    secs = row.get("expected_sections")
    out = []
    if isinstance(secs, dict):
        for src, val in secs.items():
            for s in [val] if isinstance(val, str) else val:
                out += [([src], part.strip()) for part in s.split("›")]
    else:
        for s in [secs] if isinstance(secs, str) else (secs or []):
            out += [(list(row.get("expected_sources") or []), part.strip()) for part in s.split("›")]
    return out


def _answers(row: dict) -> list[str]:
    return ([row["answer_text"]] if _is_str(row.get("answer_text")) else []) + list(row.get("answer_texts") or [])


def test_retrieval_schema():
    assert_rows_ok("retrieval.jsonl", "schema", _retrieval_schema_errors)


def _retrieval_schema_errors(row: dict, i: str) -> Iterable[str]:
    yield from check_keys(row, RETR_REQUIRED, RETR_OPTIONAL)
    if not _answers(row):
        yield f"{i}: needs answer_text or answer_texts"
    if "multi-hop" in (row.get("tags") or []) and len(row.get("expected_sources") or []) < 2 \
            and len(_sections(row)) < 2:
        yield f"{i}: tagged multi-hop but names one source and one section"


def test_retrieval_goldens_match_the_kb():
    assert_rows_ok("retrieval.jsonl", "against kb/", _retrieval_kb_errors)


def _retrieval_kb_errors(row: dict, i: str) -> Iterable[str]:
    sources = row.get("expected_sources") or []
    missing = [s for s in sources if s not in KB_TEXTS]
    if missing:
        yield f"{i}: expected_sources not in kb/: {missing}"
        return
    for ans in _answers(row):
        if not any(occurs_verbatim(ans, s) for s in sources):
            yield f"{i}: answer_text {ans[:80]!r} does not occur verbatim in {sources}"
    for cands, sec in _sections(row):
        if any(c not in KB_TEXTS for c in cands):
            yield f"{i}: expected_sections names a file not in kb/: {cands}"
        elif not any(sec in headers_of(c) for c in cands):
            yield f"{i}: expected_section {sec!r} is not a header of {cands}"
        elif isinstance(row.get("expected_sections"), dict) and cands[0] not in sources:
            yield f"{i}: expected_sections names {cands[0]}, which is not in expected_sources"


@pytest.fixture(scope="module")
def engine(shipped_engine):
    return shipped_engine  # the session's engine over kb/ (conftest.py): built once per process


def test_retrieval_sections_survive_chunking(engine):
    by_source: dict[str, list] = {}
    for c in engine.chunks:
        by_source.setdefault(c.source, []).append(c)
    ids = {c.id for c in engine.chunks}

    def row_errors(row: dict, i: str) -> Iterable[str]:
        for cands, sec in _sections(row):
            if not any(sec in c.section_path or sec in c.text for s in cands for c in by_source.get(s, [])):
                yield f"{i}: no chunk of {cands} has {sec!r} in its section_path or text"
        bad = [c for c in row.get("expected_chunk_ids") or [] if c not in ids]
        if bad:
            yield f"{i}: expected_chunk_ids not produced by the chunker: {bad}"

    assert_rows_ok("retrieval.jsonl", "after chunking", row_errors)


def test_retrieval_paraphrases_share_no_stemmed_keyword_with_the_answer():
    """A paraphrase query must not be answerable by keyword overlap: after the index's own
    analyzer (stop words removed, Snowball stemming) it shares no term with its answer text."""
    analyze = get_analyzer(stem=True, stop_words=True)

    def row_errors(row: dict, i: str) -> Iterable[str]:
        if "paraphrase" not in (row.get("tags") or []):
            return
        q = set(analyze(row["query"]))
        for ans in _answers(row):
            shared = q & set(analyze(ans))
            if shared:
                yield f"{i}: paraphrase shares {sorted(shared)} with its answer_text"

    assert_rows_ok("retrieval.jsonl", "paraphrase rows", row_errors)


# ------------------------------------------------------------------ abstain.jsonl
ABSTAIN_REQUIRED = {"id": _is_str, "question": _is_str, "must_abstain": lambda v: v is True,
                    "category": _is_str, "why": _is_str}
ABSTAIN_OPTIONAL = {"tags": _is_str_list, "notes": _is_str, **DRAFT}
# the row schemas checked field by field (retrieval.jsonl adds row rules in test_retrieval_schema)
SCHEMAS = {"benchmarks.jsonl": (BENCH_REQUIRED, BENCH_OPTIONAL), "audience.jsonl": (AUD_REQUIRED, AUD_OPTIONAL),
           "abstain.jsonl": (ABSTAIN_REQUIRED, ABSTAIN_OPTIONAL)}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_jsonl_schema(name):
    assert_rows_ok(name, "schema; abstain rows need must_abstain true", lambda row, i: check_keys(row, *SCHEMAS[name]))


# ------------------------------------------------------------------ scorer_calibration.jsonl
def _any_json(v) -> bool:
    return True


def test_calibration_schema():
    errors = []
    rows = load_jsonl("scorer_calibration.jsonl")
    for n, row in enumerate(rows, 1):
        where = row.get("id") or f"line {n}"
        errors += check_keys(row, {"scorer": _is_str, "input": _any_json, "output": _any_json,
                                   "expected": _any_json,
                                   "verdict": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in (0, 1)},
                             {"id": _is_str, "note": _is_str, "notes": _is_str, "why": _is_str, "tags": _is_str_list,
                              "metadata": lambda v: isinstance(v, dict)}, where=str(where))
    verdicts: dict[str, set] = {}
    for row in rows:
        verdicts.setdefault(row.get("scorer"), set()).add(row.get("verdict"))
    for scorer, seen in sorted(verdicts.items(), key=lambda kv: str(kv[0])):
        if not {0, 1} <= seen:
            errors.append(f"scorer {scorer!r}: calibration needs both good (1) and bad (0) examples, has {sorted(seen)}")
    assert_no_errors(errors, "datasets/scorer_calibration.jsonl")


# ------------------------------------------------------------------ scenarios/*.json
def scenario_files() -> list[Path]:
    folder = DATASETS / "scenarios"
    if not folder.is_dir():
        pytest.fail("datasets/scenarios/ does not exist (it is a required dataset)")
    files = sorted(folder.glob("*.json"))
    if not files:
        pytest.fail("datasets/scenarios/ holds no *.json scenario")
    return files


_EXPR = re.compile(r"^[\d\s.+\-*/()]+$")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
EVENT_KINDS = {"budget_change", "timeline_change", "cac_shock", "other"}


def _check_calc(calc: dict, where: str) -> list[str]:
    expr = calc.get("expression")
    if not isinstance(expr, str) or not _EXPR.match(expr):
        return [f"{where}: expression {expr!r} must use numbers, + - * / and parentheses only (no commas)"]
    try:
        value = eval(expr, {"__builtins__": {}}, {})  # noqa: S307 - checked to be plain arithmetic above
    except Exception as exc:  # noqa: BLE001
        return [f"{where}: expression {expr!r} does not evaluate ({exc})"]
    result, tol = calc.get("result"), calc.get("tolerance", 0.01)
    if not _is_num(result) or not _is_num(tol):
        return [f"{where}: result/tolerance must be numbers"]
    if not math.isclose(value, result, rel_tol=tol, abs_tol=1e-9):
        return [f"{where}: {expr} = {value:.6g}, but result says {result} (relative tolerance {tol})"]
    return []


def _check_benchmark(b: dict, where: str) -> list[str]:
    errors = check_keys(b, {"vertical": _is_str, "metric": _is_str, "value": _is_str}, where=where)
    if errors:
        return errors
    v, m, r = table_row(b["vertical"], b["metric"])
    if r is None:
        return [f"{where}: no benchmark table row for {b['vertical']!r} × {b['metric']!r} ({v} × {m})"]
    if r.typical != b["value"]:
        return [f"{where}: {v} × {m} value {b['value']!r} != Typical cell {r.typical!r} ({r.source})"]
    return []


def _check_sources(sources, where: str) -> list[str]:
    if not _is_str_list(sources):
        return [f"{where}: sources must be a list of file names"]
    return [f"{where}: source {s!r} is not a file in kb/" for s in sources if s not in KB_TEXTS]


_FACT_ANALYZER = get_analyzer(stem=True, stop_words=True)
_SOURCE_TERMS: dict[str, set[str]] = {}
MAX_FACT_WORDS = 15


def _source_terms(source: str) -> set[str]:
    if source not in _SOURCE_TERMS:
        _SOURCE_TERMS[source] = set(_FACT_ANALYZER(KB_TEXTS[source]))
    return _SOURCE_TERMS[source]


def _check_audience(a, where: str) -> list[str]:
    errors = check_keys(a, {"audience": _is_str, "geography": _is_str,
                            "size": lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0}, where=where)
    if errors:
        return errors
    hits = [r for r in AUDIENCE if r.audience == a["audience"] and r.geography == a["geography"]]
    if len(hits) != 1:
        return [f"{where}: {a['audience']!r} × {a['geography']!r} matches {len(hits)} audience table rows (want 1)"]
    if hits[0].size is None or a["size"] != int(hits[0].size):
        return [f"{where}: size {a['size']} != table {hits[0].estimated_size!r} ({hits[0].source})"]
    return []


def _check_answer_fields(exp: dict, where: str) -> list[str]:
    """The expected-answer fields of SCHEMA.md: sections are headers of the turn's sources, audience sizes
    equal the table, key facts are short and every content word of a fact occurs in a source, a turn
    cannot both abstain and ask for clarification, and an in-scope turn (one that names sources) states
    what a correct answer must contain."""
    errors: list[str] = []
    sources = [s for s in exp.get("sources") or [] if isinstance(s, str) and s in KB_TEXTS]
    for sec in exp.get("sections") or []:
        if not isinstance(sec, str) or not any(sec in headers_of(s) for s in sources):
            errors.append(f"{where}: section {sec!r} is not a header of its sources {sources}")
    for k, a in enumerate(exp.get("audience") or []):
        errors += _check_audience(a, f"{where}.audience[{k}]")
    if exp.get("audience") and "audience-sizing-reference.md" not in sources:
        errors.append(f"{where}: audience expectations need audience-sizing-reference.md in sources")
    terms = set().union(*(_source_terms(s) for s in sources)) if sources else set()
    for fact in exp.get("key_facts") or []:
        if not isinstance(fact, str):
            continue
        if len(fact.split()) > MAX_FACT_WORDS:
            errors.append(f"{where}: key fact {fact!r} has more than {MAX_FACT_WORDS} words")
        missing = sorted(set(_FACT_ANALYZER(fact)) - terms)
        if not sources:
            errors.append(f"{where}: key facts need sources to be checked against")
        elif missing:
            errors.append(f"{where}: key fact {fact!r} has words {missing} that occur in none of {sources}")
    if exp.get("must_clarify") and exp.get("must_abstain"):
        errors.append(f"{where}: a turn cannot both ask for clarification and abstain")
    if exp.get("must_clarify") and (exp.get("calculations") or exp.get("benchmarks") or exp.get("audience")):
        errors.append(f"{where}: a must_clarify turn must not expect a computed answer (its input is missing)")
    if sources and not exp.get("must_abstain") and not any(
            exp.get(k) for k in ("benchmarks", "audience", "calculations", "key_facts", "must_clarify")):
        errors.append(f"{where}: in-scope turn (it names sources) has no expected answer "
                      "(benchmarks, audience, calculations, key_facts or must_clarify)")
    return errors


def validate_scenario(path: Path) -> list[str]:
    """Schema (/tmp/kbspec/SCENARIO_SCHEMA.md, strict: unknown fields are errors) plus values."""
    name = path.stem
    try:
        sc = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        return [f"{name}: invalid JSON ({exc})"]
    errors = check_keys(sc, {"id": _is_str, "title": _is_str, "persona": lambda v: isinstance(v, dict),
                             "fact_sheet": lambda v: isinstance(v, dict),
                             "turns": lambda v: isinstance(v, list) and bool(v),
                             "expectations": lambda v: isinstance(v, dict)},
                        {"events": lambda v: isinstance(v, list)}, where=name)
    if errors:
        return errors
    if sc["id"] != name:
        errors.append(f"{name}: id {sc['id']!r} must equal the file name stem")
    errors += check_keys(sc["persona"], {"type": _is_str, "name": _is_str, "description": _is_str},
                         {"vertical": lambda v: v in VOCABULARY["verticals"]}, where=f"{name} persona")
    fs = sc["fact_sheet"]
    errors += check_keys(fs, {"knows": lambda v: isinstance(v, dict)},
                         {"does_not_know": _is_str_list, "labels": lambda v: isinstance(v, dict)},
                         where=f"{name} fact_sheet")
    knows = dict(fs.get("knows") or {})
    unknown_facts = set(fs.get("does_not_know") or [])
    labels = fs.get("labels") or {}
    turns = sc["turns"]
    n_turns = len(turns)
    if not (MIN_TURNS <= n_turns <= MAX_TURNS):
        errors.append(f"{name}: {n_turns} turns (want {MIN_TURNS}-{MAX_TURNS})")

    events = sc.get("events") or []
    for k, ev in enumerate(events):
        where = f"{name} events[{k}]"
        errors += check_keys(ev, {"turn": lambda v: isinstance(v, int) and not isinstance(v, bool),
                                  "kind": lambda v: v in EVENT_KINDS},
                             {"changes": lambda v: isinstance(v, dict), "note": _is_str}, where=where)
        if isinstance(ev.get("turn"), int) and not 0 <= ev["turn"] < n_turns:
            errors.append(f"{where}: turn {ev['turn']} out of range 0..{n_turns - 1}")

    used_keys: set[str] = set()
    abstain_turns, turn_calcs, turn_sources, turn_bench = set(), set(), set(), set()
    for t, turn in enumerate(turns):
        where = f"{name} turns[{t}]"
        if not isinstance(turn, dict):
            errors.append(f"{where}: must be an object")
            continue
        errors += check_keys(turn, {}, {"user": _is_str, "respond_to": _is_str,
                                        "expect": lambda v: isinstance(v, dict)}, where=where)
        if ("user" in turn) == ("respond_to" in turn):
            errors.append(f"{where}: needs exactly one of 'user' or 'respond_to'")
        for ev in events:  # apply data changes scheduled for this turn
            if ev.get("turn") == t and isinstance(ev.get("changes"), dict):
                knows.update(ev["changes"])
                used_keys |= set(ev["changes"])
        if _is_str(turn.get("user")):
            for key in _PLACEHOLDER.findall(turn["user"]):
                used_keys.add(key)
                if key not in knows:
                    errors.append(f"{where}: placeholder {{{key}}} is not in fact_sheet.knows at this turn")
        if _is_str(turn.get("respond_to")):
            key = turn["respond_to"]
            used_keys.add(key)
            if key not in knows and key not in unknown_facts:
                errors.append(f"{where}: respond_to {key!r} is neither known nor in does_not_know")
        exp = turn.get("expect") or {}
        if not isinstance(exp, dict):
            continue
        errors += check_keys(exp, {}, {"sources": lambda v: True, "benchmarks": lambda v: isinstance(v, list),
                                       "calculations": lambda v: isinstance(v, list),
                                       "sections": lambda v: _is_str_list(v) and bool(v),
                                       "audience": lambda v: isinstance(v, list) and bool(v),
                                       "key_facts": lambda v: _is_str_list(v) and bool(v),
                                       "must_clarify": lambda v: isinstance(v, bool),
                                       "must_cite": lambda v: isinstance(v, bool),
                                       "must_abstain": lambda v: isinstance(v, bool)}, where=f"{where} expect")
        if "sources" in exp:
            errors += _check_sources(exp["sources"], f"{where} expect")
            turn_sources |= set(exp["sources"] if isinstance(exp["sources"], list) else [])
        errors += _check_answer_fields(exp, f"{where} expect")
        for k, b in enumerate(exp.get("benchmarks") or []):
            errors += _check_benchmark(b, f"{where} expect.benchmarks[{k}]")
            if isinstance(b, dict):
                turn_bench.add((b.get("vertical"), b.get("metric"), b.get("value")))
        for k, c in enumerate(exp.get("calculations") or []):
            cw = f"{where} expect.calculations[{k}]"
            errors += check_keys(c, {"expression": _is_str, "result": _is_num},
                                 {"description": _is_str, "tolerance": _is_num}, where=cw)
            errors += _check_calc(c, cw)
            turn_calcs.add((t, c.get("expression")))
        if exp.get("must_abstain") is True:
            abstain_turns.add(t)
    missing_labels = sorted(k for k in used_keys if k not in labels)
    if missing_labels:
        errors.append(f"{name}: fact_sheet.labels lacks human names for {missing_labels}")

    ex = sc["expectations"]
    errors += check_keys(ex, {}, {"sources": lambda v: True, "benchmarks": lambda v: isinstance(v, list),
                                  "must_cite": lambda v: isinstance(v, bool),
                                  "must_abstain_turns": lambda v: isinstance(v, list),
                                  "calculations": lambda v: isinstance(v, list)}, where=f"{name} expectations")
    if "sources" in ex:
        errors += _check_sources(ex["sources"], f"{name} expectations")
        missing = turn_sources - set(ex["sources"] if isinstance(ex["sources"], list) else [])
        if missing:
            errors.append(f"{name} expectations.sources lacks per-turn sources {sorted(missing)}")
    rollup_bench = set()
    for k, b in enumerate(ex.get("benchmarks") or []):
        errors += _check_benchmark(b, f"{name} expectations.benchmarks[{k}]")
        if isinstance(b, dict):
            rollup_bench.add((b.get("vertical"), b.get("metric"), b.get("value")))
    if turn_bench - rollup_bench:
        errors.append(f"{name} expectations.benchmarks lacks per-turn benchmarks {sorted(turn_bench - rollup_bench)}")
    rollup_calcs = set()
    for k, c in enumerate(ex.get("calculations") or []):
        cw = f"{name} expectations.calculations[{k}]"
        errors += check_keys(c, {"turn": lambda v: isinstance(v, int) and not isinstance(v, bool),
                                 "expression": _is_str, "result": _is_num},
                             {"description": _is_str, "tolerance": _is_num}, where=cw)
        errors += _check_calc(c, cw)
        if isinstance(c.get("turn"), int) and not 0 <= c["turn"] < n_turns:
            errors.append(f"{cw}: turn {c['turn']} out of range")
        rollup_calcs.add((c.get("turn"), c.get("expression")))
    if turn_calcs - rollup_calcs:
        errors.append(f"{name} expectations.calculations lacks per-turn calculations {sorted(turn_calcs - rollup_calcs)}")
    mat = ex.get("must_abstain_turns")
    if isinstance(mat, list):
        if any(not isinstance(x, int) or not 0 <= x < n_turns for x in mat):
            errors.append(f"{name} expectations.must_abstain_turns {mat} has out-of-range turn indexes")
        if set(mat) != abstain_turns:
            errors.append(f"{name} expectations.must_abstain_turns {sorted(mat)} != turns whose expect.must_abstain "
                          f"is true {sorted(abstain_turns)}")
    elif abstain_turns:
        errors.append(f"{name}: turns {sorted(abstain_turns)} must abstain but expectations.must_abstain_turns is absent")
    return errors


def test_scenarios_schema_and_values():
    errors = []
    for path in scenario_files():
        errors += validate_scenario(path)
    assert_no_errors(errors, "datasets/scenarios/*.json")


# how the user may not talk: spelling out the operation is the agent's job, not the user's
_OPERATION_WORDS = re.compile(r"\b(?:divided by|divide|multiply|multiplied by|times 1,?000|1 plus the)\b", re.I)
MIN_TURN_FIELDS = {"must_clarify": 3, "audience": 15, "key_facts": 30, "sections": 30, "benchmarks": 30,
                   "calculations": 30, "must_abstain": 10}


def test_scenario_user_turns_talk_like_users():
    """No user turn spells out the arithmetic ("Budget divided by CPL"): the agent must infer the
    operation from the quantities asked about."""
    bad = []
    for path in scenario_files():
        for i, t in enumerate(json.loads(path.read_text(encoding="utf-8")).get("turns", [])):
            m = _OPERATION_WORDS.search(t.get("user") or "")
            if m:
                bad.append(f"{path.stem} turns[{i}]: {m.group(0)!r}")
    assert not bad, "user turns that dictate the operation:\n  " + "\n  ".join(bad)


def test_scenario_expected_answer_coverage():
    """The scenarios exercise every expected-answer field of SCHEMA.md, and every in-scope
    user turn (one that names KB sources) carries something a correct answer must contain."""
    counts = dict.fromkeys(MIN_TURN_FIELDS, 0)
    for path in scenario_files():
        for t in json.loads(path.read_text(encoding="utf-8")).get("turns", []):
            exp = t.get("expect") or {}
            for key in counts:
                counts[key] += bool(exp.get(key))
    low = {k: f"{counts[k]} < {n}" for k, n in MIN_TURN_FIELDS.items() if counts[k] < n}
    assert not low, f"scenario turns carrying each field: {low}"


def test_scenario_answer_field_checks_can_fail():
    bad = {"sources": ["step-02-unit-economics.md"], "sections": ["No such header"],
           "audience": [{"audience": "Retirees (ages 55+, retired)", "geography": "Florida", "size": 50000000}],
           "key_facts": ["Quantum blockchain synergy drives marginal CAC"], "must_clarify": True, "must_abstain": True}
    errs = "\n".join(_check_answer_fields(bad, "t"))
    assert "is not a header" in errs and "!= table" in errs and "occur in none" in errs
    assert "both ask for clarification and abstain" in errs and "need audience-sizing-reference.md" in errs
    assert _check_answer_fields({"sources": ["step-02-unit-economics.md"]}, "t")  # in scope, nothing to check
    good = {"sources": ["step-02-unit-economics.md"], "sections": ["Marginal CAC"],
            "key_facts": ["Marginal CAC is the cost of the next customer"]}
    assert _check_answer_fields(good, "t") == []


def test_scenarios_load_with_the_agent_loader():
    scenario = pytest.importorskip("agent.scenario", reason="agent.scenario not built yet")
    errors = []
    for path in scenario_files():
        try:
            scenario.load_scenario(path)
        except Exception as exc:  # noqa: BLE001 - report every file that the loader rejects
            errors.append(f"{path.stem}: {type(exc).__name__}: {exc}")
    assert_no_errors(errors, "datasets/scenarios/*.json (agent.scenario.load_scenario)")


# ------------------------------------------------------------------ the validator itself can fail
def test_scenario_validator_catches_bad_values(tmp_path):
    good = {
        "id": "bad", "title": "t", "persona": {"type": "novice", "name": "N", "description": "d"},
        "fact_sheet": {"knows": {"monthly_budget_usd": 50000}, "does_not_know": [], "labels": {
            "monthly_budget_usd": "monthly budget"}},
        "turns": [{"user": "With {monthly_budget_usd} dollars?", "expect": {
            "benchmarks": [{"vertical": "e-commerce", "metric": "CAC", "value": BENCH[("ecommerce", "CAC")].typical}],
            "calculations": [{"expression": "50000 / 55", "result": 909.09, "tolerance": 0.01}]}}] + [{"user": "x"}] * 3,
        "expectations": {"benchmarks": [], "calculations": [], "must_abstain_turns": []},
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    errs = validate_scenario(path)
    assert any("lacks per-turn benchmarks" in e for e in errs) and any("lacks per-turn calc" in e for e in errs)
    good["expectations"]["benchmarks"] = good["turns"][0]["expect"]["benchmarks"]
    good["expectations"]["calculations"] = [{"turn": 0, "expression": "50000 / 55", "result": 909.09}]
    path.write_text(json.dumps(good), encoding="utf-8")
    assert validate_scenario(path) == []
    good["turns"][0]["expect"]["benchmarks"][0]["value"] = "$30-$55"
    good["turns"][0]["expect"]["calculations"][0]["result"] = 1000
    good["turns"][0]["expect"]["colour"] = "red"
    path.write_text(json.dumps(good), encoding="utf-8")
    errs = "\n".join(validate_scenario(path))
    assert "Typical cell" in errs and "but result says 1000" in errs and "unknown field(s) ['colour']" in errs


# ------------------------------------------------------------------ drafts from `python -m evals bootstrap`
def test_bootstrap_drafts_fit_the_schema_and_the_kb(tmp_path):
    """The draft goldens bootstrap writes for kb/ pass the same schema checks as datasets/, every
    one is marked draft, benchmark drafts equal the table cells, and retrieval drafts name a real
    header and an answer that occurs verbatim in it."""
    from evals.bootstrap import bootstrap

    counts = bootstrap(KB, tmp_path)
    assert counts["benchmarks.jsonl"] == len(BENCH) and counts["audience.jsonl"] >= 25
    assert counts["retrieval.jsonl"] >= 100
    rows = {n: [json.loads(x) for x in (tmp_path / n).read_text().splitlines()] for n in
            ("benchmarks.jsonl", "audience.jsonl", "retrieval.jsonl", "abstain.jsonl")}
    errors = []
    for r in rows["benchmarks.jsonl"]:
        errors += check_keys(r, BENCH_REQUIRED, BENCH_OPTIONAL)
        t = BENCH[(r["canonical_vertical"], r["canonical_metric"])]
        if (t.typical, t.source) != (r["expected_value"], r["expected_source"]):
            errors.append(f"{rid(r)}: {r['expected_value']!r} in {r['expected_source']} != {t.typical!r}")
    for r in rows["audience.jsonl"]:
        errors += check_keys(r, AUD_REQUIRED, AUD_OPTIONAL)
    for r in rows["retrieval.jsonl"]:
        errors += check_keys(r, RETR_REQUIRED, RETR_OPTIONAL)
        (src, (sec,)), = r["expected_sections"].items()
        if sec not in headers_of(src) or not occurs_verbatim(r["answer_text"], src):
            errors.append(f"{rid(r)}: section {sec!r} / answer {r['answer_text'][:60]!r} not in {src}")
    for r in rows["abstain.jsonl"]:
        errors += check_keys(r, ABSTAIN_REQUIRED, ABSTAIN_OPTIONAL)
    errors += [f"{n} {rid(r)}: not marked draft" for n, rs in rows.items() for r in rs if r.get("draft") is not True]
    assert_no_errors(errors, "bootstrap drafts of kb/")


@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_shipped_goldens_hold_no_drafts(name):
    drafts = [rid(r) for r in load_jsonl(name) if r.get("draft")]
    assert not drafts, f"datasets/{name}: unreviewed draft rows {drafts[:10]}"
