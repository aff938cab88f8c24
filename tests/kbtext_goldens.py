"""Checks shared by the plain-text fixture KBs' golden tests (tests/test_kb_txt_fixture.py for kb_txt,
tests/test_kb_txt2_goldens.py for kb_txt2).

Goldens for a fixture KB are written by reading its text; these helpers re-read that text with a
small scanner of the plain-text conventions (dash-framed headings, META lines, RELATED lines,
sentences) and never with the product's readers, so a golden cannot agree with the product by
sharing its bug. What is here is what does not depend on one KB's own list layout: loading rows,
framed sections, sentences, the KB conventions, retrieval, abstain and scenario checks. Each KB's
test keeps its own reading of benchmark lists and audience lines, since those layouts differ.
"""
from __future__ import annotations

import copy
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from rag.analyzer import get_analyzer

DASHES = re.compile(r"^-{20,}$")


def framed(heading: str) -> str:
    """A section heading as the plain-text KBs frame it, between two lines of 80 dashes: the layout tests' own small
    KB texts write their headings in (``DASHES`` reads it back)."""
    return f"{'-' * 80}\n{heading}\n{'-' * 80}"
VALUE = re.compile(r"^(?:under |up to )?(\$)?(\d+(?:\.\d+)?)(?:x(?=-))?(?:(?:-|–| to \$?)(\d+(?:\.\d+)?))?\+?(%|x)?")
NEW_EXPECT_KEYS = ("sections", "audience", "key_facts", "must_clarify")  # agreed extensions (notes/SCHEMA.md)
ROOT = Path(__file__).resolve().parent


def read_kb(kb: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(kb.glob("*.txt"))}


def parse_value(value: str) -> tuple[float, float, str] | None:
    """"$4.30-4.80" → (4.3, 4.8, "$"); also "4.8x-5.6x", "$9.10 to $10.60", en dashes "$18.50–24.00"; one bound:
    "under $7.00" → (7.0, 7.0, "$")."""
    m = VALUE.match(value)
    if not m:
        return None
    low = float(m.group(2))
    high = float(m.group(3)) if m.group(3) else low
    unit = m.group(1) or m.group(4)
    return (low, high, unit) if unit else None


def value_fields_agree(fact: dict) -> bool:
    """A golden fact's low/high/unit are what its verbatim ``value`` says."""
    parsed = parse_value(fact["value"])
    return parsed is not None and math.isclose(parsed[0], fact["low"]) and math.isclose(parsed[1], fact["high"]) \
        and parsed[2] == fact["unit"]


def load(data: Path, name: str) -> list[dict]:
    path = data / name
    assert path.is_file(), f"{path} is missing"
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                pytest.fail(f"{name} line {n}: invalid JSON ({exc})")
    ids = [r.get("id") for r in rows]
    assert len(ids) == len(set(ids)), f"{name}: duplicate ids"
    return rows


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def tagged(rows: list[dict], tag: str) -> int:
    return sum(tag in (r.get("tags") or []) for r in rows)


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;])\s+(?=[A-Z])", re.sub(r"\s+", " ", text))


def section_texts(text: str) -> dict[str, str]:
    """Dash-framed heading (as written) → the text up to the next framed heading."""
    lines = text.splitlines()
    starts = [i for i in range(1, len(lines) - 1) if DASHES.match(lines[i - 1]) and DASHES.match(lines[i + 1])]
    return {lines[s]: "\n".join(lines[s:(starts[k + 1] - 1) if k + 1 < len(starts) else len(lines)])
            for k, s in enumerate(starts)}


def convention_errors(texts: dict[str, str]) -> list[str]:
    """The plain-text conventions: title line with VERSION, META lines, ≥ 3 dash-framed sections
    each followed by its META_ lines, RELATED lines naming files of the KB."""
    errors = []
    for source, text in texts.items():
        lines = text.splitlines()
        if not re.match(r"^[A-Z][A-Z0-9À-Ý ,&-]+ - VERSION \d+\.\d+$", lines[0]):  # "LÄNDER": a Latin capital
            errors.append(f"{source}: first line {lines[0]!r} is not 'TITLE - VERSION n.n'")
        if not (lines[1].startswith("META - Document: ") and lines[2].startswith("META - Purpose: ")):
            errors.append(f"{source}: lines 2-3 must be META - Document / META - Purpose")
        heads = [i for i in range(1, len(lines) - 1) if DASHES.match(lines[i - 1]) and DASHES.match(lines[i + 1])]
        if len(heads) < 3:
            errors.append(f"{source}: {len(heads)} dash-framed sections < 3")
        for i in heads:
            block = lines[i + 2:i + 8]
            for key in ("META_WORKFLOW_STEPS:", "META_TOPICS:", "META_VERTICALS:", "META_CHANNELS:",
                        "META_INTENT:", "META_CONFIDENCE:"):
                if not any(b.startswith(key) for b in block):
                    errors.append(f"{source}: section {lines[i]!r} lacks {key}")
        for rel in re.findall(r"^RELATED - (\S+\.txt) for ", text, flags=re.M):
            if rel not in texts:
                errors.append(f"{source}: RELATED names {rel}, which is not in the KB")
    return errors


def retrieval_errors(rows: list[dict], texts: dict[str, str]) -> list[str]:
    """Every answer verbatim inside its expected framed section; paraphrase rows share no stemmed
    keyword with their answers; ``step-N`` tags are in the section's META_WORKFLOW_STEPS."""
    analyze = get_analyzer(stem=True, stop_words=True)
    allowed = {"id", "query", "expected_sources", "expected_sections", "answer_text", "answer_texts", "tags", "note"}
    errors = []
    for row in rows:
        i = row["id"]
        if set(row) - allowed:
            errors.append(f"{i}: unknown field(s) {sorted(set(row) - allowed)}")
        answers = [row["answer_text"]] if "answer_text" in row else row.get("answer_texts", [])
        sources, secs = row["expected_sources"], row["expected_sections"]
        if not answers or not sources or not isinstance(secs, dict):
            errors.append(f"{i}: needs answers, expected_sources and expected_sections {{source: [heading]}}")
            continue
        bodies, found = [], []
        for src, heads in secs.items():
            if src not in sources or src not in texts:
                errors.append(f"{i}: expected_sections names {src}, not an expected source / KB file")
                continue
            own = section_texts(texts[src])
            for h in [heads] if isinstance(heads, str) else heads:
                if h not in own:
                    errors.append(f"{i}: {h!r} is not a dash-framed heading of {src}")
                else:
                    bodies.append(norm(own[h]))
                    found.append(own[h])
        for ans in answers:
            if not any(norm(ans) in b for b in bodies):
                errors.append(f"{i}: answer {ans[:60]!r} is not verbatim inside the expected section(s)")
        if "paraphrase" in row["tags"]:
            shared = set(analyze(row["query"])) & {t for a in answers for t in analyze(a)}
            if shared:
                errors.append(f"{i}: paraphrase shares {sorted(shared)} with its answer")
        for tag in row["tags"]:
            if re.fullmatch(r"step-\d+", tag) and not any(
                    tag[5:] in re.search(r"META_WORKFLOW_STEPS: ([\d,]+)", body).group(1).split(",") for body in found):
                errors.append(f"{i}: tag {tag} but no expected section lists that step in META_WORKFLOW_STEPS")
        if "multi-hop" in row["tags"] and len(answers) < 2:
            errors.append(f"{i}: multi-hop rows give one answer text per hop")
    return errors


def abstain_errors(rows: list[dict]) -> list[str]:
    errors = []
    for r in rows:
        if not set(r) <= {"id", "question", "must_abstain", "category", "why", "tags", "notes"}:
            errors.append(f"{r['id']}: unknown field(s)")
        if not (r.get("must_abstain") is True and r.get("question", "").strip() and r.get("category") and r.get("why")):
            errors.append(f"{r['id']}: needs must_abstain true, a question, a category and a why")
    if not {r.get("category") for r in rows} >= {"off-domain", "uncovered-vertical", "uncovered-channel"}:
        errors.append("abstain rows must cover off-domain, uncovered-vertical and uncovered-channel questions")
    return errors


def scenario_errors(name: str, sc: dict, texts: dict[str, str], value_is_stated: Callable[[str, str, str], bool],
                    audience_is_stated: Callable[[str, int], bool]) -> list[str]:
    """The base schema (``agent.scenario.load_scenario``, extension keys removed), no arithmetic
    dictated by the user, sources and sections of the KB, benchmark values and audience sizes the KB
    states (``value_is_stated`` / ``audience_is_stated``: the KB's own reader), key facts covered by
    the turn's sections, and an expected answer on every in-scope turn."""
    errors = []
    base = copy.deepcopy(sc)
    for turn in base["turns"]:
        for key in NEW_EXPECT_KEYS:
            (turn.get("expect") or {}).pop(key, None)
    if sc.get("id") != name:
        errors.append(f"{name}: id {sc.get('id')!r} != file stem")
    try:
        from agent.scenario import load_scenario
        load_scenario(base)
    except ImportError:
        pass
    except Exception as exc:  # noqa: BLE001 - report every rejected scenario
        errors.append(f"{name}: {exc}")
    analyze = get_analyzer(stem=True, stop_words=True)
    for t, turn in enumerate(sc["turns"]):
        exp, where = turn.get("expect") or {}, f"{name} turn {t}"
        if "user" in turn and re.search(r"\b(divide|divided|multiply|times 1000)\b", turn["user"], re.I):
            errors.append(f"{where}: the user dictates the arithmetic")
        for s in exp.get("sources", []):
            if s not in texts:
                errors.append(f"{where}: source {s} is not in the KB")
        for b in exp.get("benchmarks", []):
            if not value_is_stated(b["vertical"], b["metric"], b["value"]):
                errors.append(f"{where}: {b} is not stated in the KB")
        for a in exp.get("audience", []):
            if not audience_is_stated(a["geography"], a["size"]):
                errors.append(f"{where}: audience {a} is not stated in the KB")
        own = {s: section_texts(texts[s]) for s in exp.get("sources", []) if s in texts}
        bodies = [own[s][h] for s in own for h in exp.get("sections", []) if h in own[s]]
        for h in exp.get("sections", []):
            if not any(h in secs for secs in own.values()):
                errors.append(f"{where}: section {h!r} is not a heading of the turn's sources")
        section_terms = {term for b in bodies for term in analyze(b)}
        for fact in exp.get("key_facts", []):
            terms = set(analyze(fact))
            if len(fact.split()) > 15:
                errors.append(f"{where}: key fact longer than 15 words: {fact!r}")
            if not bodies or len(terms & section_terms) < 0.6 * len(terms):
                errors.append(f"{where}: key fact {fact!r} is not covered by the turn's sections "
                              f"(missing {sorted(terms - section_terms)})")
        for calc in exp.get("calculations", []):
            if not re.fullmatch(r"[\d.\s+*/()-]+", calc["expression"]) or \
                    not math.isclose(eval(calc["expression"]), calc["result"], rel_tol=calc["tolerance"]):  # noqa: S307
                errors.append(f"{where}: calculation {calc['expression']} != {calc['result']}")
        in_scope = [k for k in ("benchmarks", "audience", "calculations", "key_facts", "must_abstain",
                                "must_clarify") if exp.get(k)]
        if "user" in turn and not in_scope:
            errors.append(f"{where}: an in-scope user turn needs an expected answer")
    return errors


def own_gate_errors(data: Path, kb_name: str) -> list[str]:
    """A fixture's gate (weights.json beside its goldens) has its own threshold and floors, measured
    on that KB, but the shipped weights: a composite must mean the same on every KB."""
    own = json.loads((data / "weights.json").read_text(encoding="utf-8"))
    shipped = json.loads((ROOT.parent / "scorers" / "weights.json").read_text(encoding="utf-8"))
    errors = [] if own["weights"] == shipped["weights"] else ["weights differ from scorers/weights.json"]
    if set(own["gate"]["required_evals"]) != set(shipped["gate"]["required_evals"]):
        errors.append("required evals differ from scorers/weights.json")
    for name, req in own["gate"]["required_evals"].items():
        if name != "_about" and not (kb_name in req["_why"] and "measured" in req["_why"] and 0 < req["floor"] < 1):
            errors.append(f"{name}: the floor must say it was measured on {kb_name}")
    return errors


# ------------------------------------------------------------------ benchmark rows
BENCH_FIELDS = {"id", "vertical", "metric", "platform", "expected_value", "expected_low", "expected_high",
                "expected_source", "expected_facts", "canonical_metric", "tags"}
FACT_FIELDS = {"platform", "value", "low", "high", "unit", "source"}


@dataclass(frozen=True)
class BenchReader:
    """One KB's own reading of its benchmark figures, as a golden checker needs it: ``label`` /
    ``metric`` (user words → the KB's label / metric code), ``platforms`` (user words → the KB's
    platform name), ``why_not_stated(fact, label, metric)`` (None when the KB states the fact),
    ``listed(label, metric, platform)`` ((platform, value) of every list row for the pair),
    ``stating(label, metric, platform)`` (whatever states the pair: rows or sentences), ``extra``
    (further checks of a present row), ``tags`` and ``unit_of``."""
    texts: dict
    label: Callable[[str], str | None]
    metric: Callable[[str], str]
    platforms: dict
    why_not_stated: Callable[[dict, str, str], str | None]
    listed: Callable[[str, str, str | None], set]
    stating: Callable[[str, str, str | None], list]
    tags: frozenset
    unit_of: dict
    extra: Callable[[dict, str, str, str | None], list] = lambda facts, label, metric, platform: []


def benchmark_row_errors(row: dict, kb: BenchReader) -> list[str]:
    """Everything wrong with one ``benchmarks.jsonl`` row, read against ``kb``: schema and tags, each
    expected fact stated where the row says, every listed fact for the pair expected (only the named
    platform's when it names one), absent pairs really absent, ``expected_*`` repeating the first fact."""
    i = row.get("id", "?")
    errors = [f"{i}: unknown field(s) {sorted(set(row) - BENCH_FIELDS)}"] if set(row) - BENCH_FIELDS else []
    tags, facts = set(row.get("tags") or []), row.get("expected_facts")
    if not tags or not tags <= kb.tags:
        errors.append(f"{i}: tags {sorted(tags)} must be a non-empty subset of {sorted(kb.tags)}")
    if not isinstance(facts, list):
        return errors + [f"{i}: expected_facts must be a list"]
    label, metric = kb.label(row["vertical"]), kb.metric(row["metric"])
    platform = kb.platforms.get((row.get("platform") or "").lower()) if row.get("platform") else None
    if row.get("platform") and platform is None:
        errors.append(f"{i}: platform {row['platform']!r} is not a platform of this KB")
    if ("platform" in tags) != bool(row.get("platform")):
        errors.append(f"{i}: tag 'platform' must be set exactly when the row names a platform")
    if not facts:
        if "absent" not in tags:
            errors.append(f"{i}: empty expected_facts must be tagged 'absent'")
        if any(row.get(k) is not None for k in ("expected_value", "expected_low", "expected_high", "expected_source")):
            errors.append(f"{i}: absent row must have null expected_value/low/high/source")
        if label is None:
            words = [w for w in re.findall(r"[a-z]+", row["vertical"].lower()) if len(w) > 3]
            hits = [w for w in words if any(re.search(rf"\b{w}", t.lower()) for t in kb.texts.values())]
            if len(hits) == len(words):
                errors.append(f"{i}: absent vertical {row['vertical']!r}: every word occurs in the KB {hits}")
        elif stating := kb.stating(label, metric, platform):
            errors.append(f"{i}: tagged absent, but the KB states {label} × {metric}: {stating[:2]}")
        return errors
    if "absent" in tags:
        errors.append(f"{i}: tagged 'absent' but expects {len(facts)} fact(s)")
    if label is None:
        return errors + [f"{i}: vertical {row['vertical']!r} is not a label of this KB (add it to VERTICAL_LABELS)"]
    for k, fact in enumerate(facts):
        if set(fact) != FACT_FIELDS:
            errors.append(f"{i} fact {k}: fields {sorted(fact)} != {sorted(FACT_FIELDS)}")
            continue
        why = kb.why_not_stated(fact, label, metric)
        if why:
            errors.append(f"{i} fact {k}: {why}")
        if not value_fields_agree(fact):
            errors.append(f"{i} fact {k}: low/high/unit {fact['low']}/{fact['high']}/{fact['unit']} "
                          f"!= {parse_value(fact['value'])} parsed from {fact['value']!r}")
        if metric in kb.unit_of and fact["unit"] != kb.unit_of[metric]:
            errors.append(f"{i} fact {k}: unit {fact['unit']!r} is wrong for {metric}")
        if platform and fact["platform"] != platform:
            errors.append(f"{i} fact {k}: the row asks for {platform}, the fact is on {fact['platform']}")
    missing = kb.listed(label, metric, platform) - {(f.get("platform"), f.get("value")) for f in facts}
    if missing:
        errors.append(f"{i}: the KB lists more facts for {label} × {metric}: {sorted(missing, key=str)}")
    errors += [f"{i}: {e}" for e in kb.extra(facts, label, metric, platform)]
    if len(facts) > 1 and "ambiguous" not in tags:
        errors.append(f"{i}: {len(facts)} facts expected, so the row must be tagged 'ambiguous'")
    first = facts[0]
    if (row.get("expected_value"), row.get("expected_low"), row.get("expected_high"), row.get("expected_source")) \
            != (first["value"], first["low"], first["high"], first["source"]):
        errors.append(f"{i}: expected_value/low/high/source must repeat the first expected fact")
    return errors


# ------------------------------------------------------------------ audience rows and scenario files
def size_of(text: str) -> float | None:
    """"3.9M" → 3,900,000; "610k" → 610,000; "612,000" → 612,000; None for any other form."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([Mk])", text)
    if m:
        return float(m.group(1)) * (1_000_000 if m.group(2) == "M" else 1_000)
    return float(text.replace(",", "")) if re.fullmatch(r"\d{1,3}(?:,\d{3})+", text) else None


def sized_anyway(row: dict, texts: dict[str, str]) -> list[str]:
    """An absent audience row is really absent: no blank-line block of the KB names its geography
    (the first word) and every word of its audience (5-letter stems) next to a count."""
    geo_word = (row.get("geography") or "United States").split()[0].replace("-", " ").split()[0]
    aud_words = [w for w in re.findall(r"[a-z]+", row["audience_type"].lower()) if len(w) > 3]
    return [f"{row.get('id')}: tagged absent, but {src} has a block naming {geo_word} and {aud_words}: {block[:80]!r}"
            for src, text in texts.items() for block in re.split(r"\n\s*\n", text)
            if geo_word.lower() in block.lower() and all(w[:5] in block.lower() for w in aud_words)
            and re.search(r"\d,\d{3}|\dM", block)]


def audience_checker_errors(rows: list[dict], check: Callable[[dict], list], present_elsewhere: tuple[str, str]) -> list:
    """The goldens pass ``check``, and ``check`` rejects a size the KB does not state and an absent row
    for an audience the KB sizes (``present_elsewhere``: (audience_type, geography) it does size)."""
    errors = [e for row in rows for e in check(row)]
    bad = copy.deepcopy(next(r for r in rows if r["expected_size"] and r["geography"]))
    bad["expected_size_text"], bad["expected_size"] = "999,000", 999000
    if not check(bad):
        errors.append("the audience checker accepted a size the KB does not state")
    fake_absent = copy.deepcopy(next(r for r in rows if r["expected_size"] is None))
    fake_absent["audience_type"], fake_absent["geography"] = present_elsewhere
    if not any("tagged absent, but" in e for e in check(fake_absent)):
        errors.append("the audience checker accepted an absent row for an audience the KB sizes")
    return errors


def scenario_file_errors(data: Path, check: Callable[[str, dict], list]) -> list[str]:
    files = sorted((data / "scenarios").glob("*.json"))
    return [e for p in files for e in check(p.stem, json.loads(p.read_text(encoding="utf-8")))]


def spoiled_scenario_errors(data: Path, check: Callable[[str, dict], list]) -> str:
    """``check``'s errors on the first scenario spoiled four ways: a benchmark value the KB does not
    state, a key fact its sections do not cover, a user dictating the arithmetic, a wrong result."""
    path = sorted((data / "scenarios").glob("*.json"))[0]
    sc = json.loads(path.read_text(encoding="utf-8"))
    turn = next(t for t in sc["turns"] if (t.get("expect") or {}).get("benchmarks"))
    turn["expect"]["benchmarks"][0]["value"] = "$1.00-2.00"
    turn["expect"]["key_facts"] = ["Lunar tides govern television ratings in winter"]
    turn["user"] = "Divide the budget by the CPC please."
    calc = next(t for t in sc["turns"] if (t.get("expect") or {}).get("calculations"))["expect"]["calculations"][0]
    calc["result"] *= 1.5
    return "\n".join(check(path.stem, sc))


def assert_scenario_checker_catches(data: Path, check: Callable[[str, dict], list]) -> None:
    errors = spoiled_scenario_errors(data, check)
    for what in ("is not stated in the KB", "not covered by the turn's sections", "dictates the arithmetic",
                 "calculation"):
        assert what in errors, f"the scenario checker missed: {what}"


def audience_row_errors(row: dict, texts: dict[str, str], fields: set,
                        misplaced: Callable[[dict, str, str], list]) -> list[str]:
    """Everything wrong with one ``audience.jsonl`` row: unknown fields; an absent row that does not
    say why or that the KB sizes after all; a source outside the KB; a size that is not what its text
    says; and ``misplaced(row, source, size_text)``, the KB's own test that the figure stands next to
    the row's geography (or in a national row)."""
    i = row.get("id", "?")
    errors = [f"{i}: unknown field(s) {sorted(set(row) - fields)}"] if set(row) - fields else []
    if row.get("expected_size") is None:
        if "absent" not in row.get("tags", []) or not row.get("why"):
            errors.append(f"{i}: a null size must be tagged 'absent' and say why")
        return errors + sized_anyway(row, texts)
    src, text = row.get("expected_source"), row.get("expected_size_text") or ""
    if src not in texts:
        return errors + [f"{i}: expected_source {src!r} is not a KB file"]
    size = size_of(text)
    if size is None or not math.isclose(size, row["expected_size"]):
        errors.append(f"{i}: expected_size {row['expected_size']} != {text!r} ({size})")
    return errors + [f"{i}: {e}" for e in misplaced(row, src, text)]
