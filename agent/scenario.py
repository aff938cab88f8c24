"""Multi-turn scenarios: strict loading and running.

``load_scenario(path_or_dict)`` validates a scenario against :data:`SCENARIO_SCHEMA` (JSON Schema,
``additionalProperties: false`` everywhere — a misspelt field is an error, not a silently
different user) and then checks what a schema cannot: the id matches the file name, every
``{placeholder}`` and ``respond_to`` key is in the fact sheet, every fact key used has a label,
event and expectation turn indexes exist, and every calculation's result equals its expression.
All problems are reported together in one :class:`ScenarioError`.

``run_scenario(scenario, engine, model=None, max_tool_rounds=3)`` plays it through the
conversation engine with the :class:`~agent.simulator.UserSimulator` and returns the eval output
record (:class:`mpa.record.EvalOutput`, as its dict) with, in its ``extra``, ``scenario_id`` and
``beats``/``beats_ok`` (did the planned events and replies happen), its ``errors`` and each
turn's ``expect`` copied through for the scorers.
"""
from __future__ import annotations


import ast
import copy
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from agent.engine import ConversationEngine
from agent.prompts import system_prompt
from agent.settings import AgentSettings
from agent.simulator import UserSimulator, placeholders
from mpa.record import is_plain
from mpa.vocabulary import VOCABULARY
from mpa.tools import ToolExecutor


class ScenarioError(ValueError):
    """A scenario file does not fit the schema; the message lists every problem."""


_BENCH = {"type": "object", "additionalProperties": False, "required": ["vertical", "metric", "value"],
          "properties": {"vertical": {"type": "string", "minLength": 1}, "metric": {"type": "string", "minLength": 1},
                         "value": {"type": "string", "minLength": 1}}}
_CALC = {"type": "object", "additionalProperties": False, "required": ["expression", "result"],
         "properties": {"description": {"type": "string"},
                        "expression": {"type": "string", "pattern": r"^[\d\s.+\-*/()]+$"},
                        "result": {"type": "number"}, "tolerance": {"type": "number", "exclusiveMinimum": 0}}}
_AUDIENCE = {"type": "object", "additionalProperties": False, "required": ["audience", "geography", "size"],
             "properties": {"audience": {"type": "string", "minLength": 1}, "geography": {"type": "string", "minLength": 1},
                            "size": {"type": "integer", "minimum": 1}}}
_EXPECT = {"type": "object", "additionalProperties": False, "properties": {
    "sources": {"type": "array", "items": {"type": "string", "minLength": 1}},
    "sections": {"type": "array", "items": {"type": "string", "minLength": 1}},
    "benchmarks": {"type": "array", "items": _BENCH},
    "audience": {"type": "array", "items": _AUDIENCE},
    "calculations": {"type": "array", "items": _CALC},
    "key_facts": {"type": "array", "items": {"type": "string", "minLength": 1}},
    "must_cite": {"type": "boolean"},
    "must_abstain": {"type": "boolean"},
    "must_clarify": {"type": "boolean"}}}
_SCALAR = {"type": ["string", "number", "integer", "boolean"]}

SCENARIO_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "persona", "fact_sheet", "turns", "expectations"],
    "properties": {
        "id": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9\-]*$"},
        "title": {"type": "string", "minLength": 1},
        "persona": {"type": "object", "additionalProperties": False, "required": ["type", "name", "description"],
                    "properties": {"type": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9\-]*$"},
                                   "name": {"type": "string", "minLength": 1},
                                   "description": {"type": "string", "minLength": 1},
                                   "vertical": {"type": "string", "enum": sorted(VOCABULARY["verticals"])}}},
        "fact_sheet": {"type": "object", "additionalProperties": False, "required": ["knows", "does_not_know", "labels"],
                       "properties": {"knows": {"type": "object", "additionalProperties": _SCALAR},
                                      "does_not_know": {"type": "array", "items": {"type": "string"}},
                                      "labels": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "turns": {"type": "array", "minItems": 4, "maxItems": 10, "items": {
            "type": "object", "additionalProperties": False,
            "oneOf": [{"required": ["user"]}, {"required": ["respond_to"]}],
            "properties": {"user": {"type": "string", "minLength": 1}, "respond_to": {"type": "string", "minLength": 1},
                           "expect": _EXPECT}}},
        "events": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["turn", "kind", "changes"],
            "properties": {"turn": {"type": "integer", "minimum": 0},
                           "kind": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_\-]*$"},
                           "changes": {"type": "object", "minProperties": 1, "additionalProperties": _SCALAR},
                           "note": {"type": "string"}}}},
        "expectations": {"type": "object", "additionalProperties": False, "properties": {
            "sources": {"type": "array", "items": {"type": "string"}},
            "benchmarks": {"type": "array", "items": _BENCH},
            "must_cite": {"type": "boolean"},
            "must_abstain_turns": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "calculations": {"type": "array", "items": {**_CALC, "required": ["turn", "expression", "result"],
                                                        "properties": {**_CALC["properties"],
                                                                       "turn": {"type": "integer", "minimum": 0}}}}}},
    },
}
_VALIDATOR = Draft202012Validator(SCENARIO_SCHEMA)


def load_scenario(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    """Read and validate a scenario (a path to a JSON file, or an already-parsed dict)."""
    where = "scenario"
    stem = None
    if isinstance(source, dict):
        data = copy.deepcopy(source)
    else:
        path = Path(source)
        where = str(path)
        stem = path.stem
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ScenarioError(f"{where}: cannot read ({exc.strerror or exc})") from exc
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"{where}: not valid JSON ({exc})") from exc
    problems = list(_known_problems(repr(data), stem)) if is_plain(data) else _problems(data, stem)
    if problems:
        raise ScenarioError(f"{where}: invalid scenario:\n  - " + "\n  - ".join(problems))
    return data


def _problems(data: Any, stem: str | None) -> list[str]:
    """Everything wrong with ``data``: the schema's errors, else the semantic checks."""
    problems = [_schema_msg(e) for e in sorted(_VALIDATOR.iter_errors(data), key=lambda e: list(e.absolute_path))]
    return problems or _semantic_problems(data, stem)


@lru_cache(maxsize=128)
def _known_problems(text: str, stem: str | None) -> tuple[str, ...]:
    """:func:`_problems` of the plain data whose ``repr`` is ``text``, memoised on that text and the
    stem — all the result depends on: validating costs ~5 ms, and a scenario is loaded again as the
    dict it was read into when it is played (:func:`run_scenario`). The caller keeps its own data:
    only the problem list is shared."""
    return tuple(_problems(ast.literal_eval(text), stem))


def _schema_msg(e) -> str:
    path = "/".join(str(p) for p in e.absolute_path) or "(top level)"
    if e.validator == "oneOf":
        return f"{path}: a turn needs exactly one of 'user' or 'respond_to'"
    return f"{path}: {e.message}"


def _semantic_problems(s: dict[str, Any], stem: str | None) -> list[str]:
    out = []
    if stem is not None and s["id"] != stem:
        out.append(f"id {s['id']!r} must equal the file name stem {stem!r}")
    fs = s["fact_sheet"]
    knows, unknown, labels = fs["knows"], fs["does_not_know"], fs["labels"]
    both = sorted(set(knows) & set(unknown))
    if both:
        out.append(f"fact_sheet: {both} are both known and in does_not_know")
    n = len(s["turns"])
    event_keys = {k for ev in s.get("events", []) for k in ev["changes"]}
    available = set(knows) | event_keys
    used: set[str] = set()
    for i, t in enumerate(s["turns"]):
        if "user" in t:
            try:
                keys = placeholders(t["user"])
            except ValueError as exc:
                out.append(f"turns/{i}/user: bad placeholder syntax ({exc})")
                continue
            for k in keys:
                if k not in available:
                    out.append(f"turns/{i}/user: placeholder {{{k}}} is not a fact_sheet.knows key or event change")
            used.update(keys)
        else:
            k = t["respond_to"]
            if k not in available and k not in unknown:
                out.append(f"turns/{i}/respond_to: {k!r} is neither known nor in does_not_know")
            used.add(k)
        for j, c in enumerate((t.get("expect") or {}).get("calculations", [])):
            out += _calc_problem(f"turns/{i}/expect/calculations/{j}", c)
    for k in sorted(used | set(unknown)):
        if k not in labels:
            out.append(f"fact_sheet/labels: no label for {k!r}")
    for j, ev in enumerate(s.get("events", [])):
        if ev["turn"] >= n:
            out.append(f"events/{j}: turn {ev['turn']} is past the last turn ({n - 1})")
        for k in ev["changes"]:
            if k not in knows and k not in labels:
                out.append(f"events/{j}: changes {k!r}, which has no label and is not a known fact")
    exp = s["expectations"]
    for t in exp.get("must_abstain_turns", []):
        if t >= n:
            out.append(f"expectations/must_abstain_turns: turn {t} is past the last turn ({n - 1})")
        elif not (s["turns"][t].get("expect") or {}).get("must_abstain"):
            out.append(f"expectations/must_abstain_turns: turn {t} does not set expect.must_abstain")
    for j, c in enumerate(exp.get("calculations", [])):
        if c["turn"] >= n:
            out.append(f"expectations/calculations/{j}: turn {c['turn']} is past the last turn ({n - 1})")
        out += _calc_problem(f"expectations/calculations/{j}", c)
    return out


def _calc_problem(where: str, c: dict) -> list[str]:
    try:
        value = float(eval(c["expression"], {"__builtins__": {}}, {}))  # digits and + - * / ( ) only (schema)
    except (SyntaxError, ZeroDivisionError, TypeError) as exc:
        return [f"{where}: expression {c['expression']!r} does not evaluate ({exc})"]
    tol = float(c.get("tolerance") or 0.01)
    if abs(value - c["result"]) > tol * max(abs(value), 1e-9):
        return [f"{where}: result {c['result']} ≠ {c['expression']} = {value:.6g} (relative tolerance {tol})"]
    return []


def run_scenario(scenario: str | Path | dict[str, Any], engine, model=None, max_tool_rounds: int = 3,
                 executor: ToolExecutor | None = None, simulator: UserSimulator | None = None,
                 include_research: bool = False, strip_invalid_citations: bool | None = None) -> dict[str, Any]:
    """Play ``scenario`` against ``model`` (default: :func:`agent.models.make_model` — Claude with
    a key, else the offline baseline) and return the eval output record with beats.
    ``strip_invalid_citations`` (default: ``MPA_STRIP_INVALID_CITATIONS``, :mod:`agent.settings`) removes cited
    ids that were never retrieved from the answer text, with a note; they are flagged either way."""
    from agent.models import make_model

    sc = load_scenario(scenario)
    model = model if model is not None else make_model()
    executor = executor or ToolExecutor(engine, include_research=include_research)
    if strip_invalid_citations is None:
        strip_invalid_citations = AgentSettings.read("strip_invalid_citations")
    conv = ConversationEngine(model, executor, system_prompt(), max_tool_rounds=max_tool_rounds,
                              strip_invalid_citations=strip_invalid_citations)
    sim = simulator or UserSimulator(sc)
    errors: list[str] = []
    for i, turn in enumerate(sc["turns"]):
        try:
            text = sim.user_turn(i)
        except Exception as exc:  # a broken turn is recorded, not dropped
            errors.append(f"turn {i}: simulator failed: {type(exc).__name__}: {exc}")
            break
        rec = conv.send(text)
        rec.expect = copy.deepcopy(turn.get("expect", {}))
    out = conv.output()
    out.extra.update(scenario_id=sc["id"], title=sc["title"], persona=sc["persona"], beats=list(sim.beats),
                     beats_ok=sim.beats_ok and not errors, completed_turns=len(conv.turns),
                     expected_turns=len(sc["turns"]))
    out.errors += errors + [f"beat failed at turn {b['turn']}: {b['detail']}" for b in sim.beats if not b["ok"]]
    if len(conv.turns) < len(sc["turns"]):
        out.errors.append(f"only {len(conv.turns)} of {len(sc['turns'])} turns completed")
    return out.to_dict()


def transcript(record: dict[str, Any], show_tools: bool = True) -> str:
    """A readable transcript of a run record."""
    lines = []
    if record.get("scenario_id"):
        lines.append(f"# {record['scenario_id']} — {record.get('title', '')}")
    for i, t in enumerate(record["turns"]):
        lines.append(f"\n[{i}] USER: {t['user']}")
        if show_tools:
            for c in t["tool_calls"]:
                args = ", ".join(f"{k}={v!r}" for k, v in (c.get("input") or {}).items()) \
                    if isinstance(c.get("input"), dict) else repr(c.get("input"))
                flag = " ERROR" if c["is_error"] else ""
                lines.append(f"    tool {c['name']}({args}){flag} → {len(c['retrieved_ids'])} passage(s) "
                             f"{c['retrieved_ids']} in {c['latency_ms']:.2f} ms")
        lines.append(f"[{i}] MPA: {t['assistant']}" if not t.get("error") else f"[{i}] ERROR: {t['error']}")
        if t.get("invalid_citations"):
            lines.append(f"    invalid citations: {t['invalid_citations']}")
    if "beats" in record:
        for b in record["beats"]:
            lines.append(f"beat turn {b['turn']} {b['kind']}: {'ok' if b['ok'] else 'FAILED'} — {b['detail']}")
    for e in record.get("errors", []):
        lines.append(f"error: {e}")
    return "\n".join(lines)


def scenario_files(directory: str | Path) -> list[Path]:
    return sorted(p for p in Path(directory).glob("*.json") if re.match(r"^[a-z0-9]", p.name))
