"""The mutation suite: proof that the scorers and the gate catch bad answers.

``python -m evals.mutation`` loads the gated evals exactly as ``braintrust eval`` does (the CLI's
own loader, so the same cases, tasks, scorers and metadata), runs the offline baseline agent
**once** per case, and then replays every mutant of :mod:`evals.mutants` over the cached answers:

* **all turns** — the mutant rewrites every answer (and tool payload) it applies to; the gated
  experiments are rebuilt with the reporter's own ``report_eval`` and judged by the gate's
  decision. The gate must FAIL.
* **one turn** — the mutant rewrites a single answer (in a conversation: one turn, everything
  else untouched); at least one gated scorer must score that turn lower than the baseline did.

  A *removal* mutant (``removes`` in :mod:`evals.mutants`: citations_removed,
  arithmetic_dropped, arithmetic_wrong, abstain_on_answerable, echo) is tested one turn at a time
  only where the turn's expectation requires what it removes or breaks (:func:`requires`):
  citations only on turns that must cite (``must_cite``) and whose answer cited something; shown
  arithmetic only on turns with expected ``calculations``; the answer itself only on answerable
  turns that expect content (``must_abstain: false``, expected benchmarks / audience sizes /
  calculations / key facts / a clarifying question, or sources that must be cited). Dropping a
  courtesy citation from "I can plan without your LTV for now" or echoing "Thanks!" back is not a
  wrong answer no expectation could catch. Every other mutant adds a lie and is tested on every
  turn it rewrites. The all-turns gate test is the same for both kinds.

A mutant is *killed* when both hold. The table shows, per mutant, the change of each gated
scorer's pooled mean (the number the composite uses), the composite, the gate verdict and the
one-turn kills. ``--check`` exits 1 naming every live mutant (and 2 when the baseline itself
does not pass the gate: a suite over a failing baseline proves nothing); ``--quick`` runs a
deterministic subset of the cases (a smoke run: a subset is not gateable, and its baseline can miss a
per-eval floor measured on the full datasets — the full run is the proof); ``--markdown`` prints the table for the README.

Mutating cached answers rather than re-running the agent per mutant is what makes the suite take
seconds: a mutant is a rewrite of the final answer, and every scorer reads only the answer, the
user's messages and what was retrieved, none of which the rewrite changes.
"""
from __future__ import annotations

import argparse
import copy
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from evals.mutation_report import fmt  # noqa: E402
from evals.mutation_scoring import (Case, Experiment, GateVerdict, build_rep, gate_decision,  # noqa: E402,F401
                                    per_turn, pooled_means, score_case)

EPS = 1e-9
QUICK_STRIDE = {"conversations": 3, "abstention": 4, "tools": 6, "retrieval": 1}


# ------------------------------------------------------------------ loading the evals
def _configure_env() -> None:
    """The suite judges the offline baseline with the deterministic scorers only."""
    os.environ["MPA_AGENT"] = "offline"
    os.environ["MPA_JUDGES"] = "off"
    os.environ.pop("MPA_EVAL_LIMIT", None)
    from evals.common import selected_preset

    os.environ["MPA_RETRIEVAL_PRESETS"] = selected_preset()  # only the gated retrieval experiment


def load_gated_evaluators(eval_dir: Path | None = None) -> list:
    """Every gated evaluator of ``evals/eval_*.py``, loaded by the braintrust CLI's loader. An eval
    file that fails to import is an error (the suite, like the gate, fails closed)."""
    from braintrust.cli.eval import FileHandle
    from braintrust.framework import EvaluatorInstance

    out = []
    for path in sorted((eval_dir or ROOT / "evals").glob("eval_*.py")):
        try:
            module_evals = FileHandle(str(path)).rebuild()
        except Exception as exc:
            raise RuntimeError(f"{path.relative_to(ROOT)}: failed to import ({type(exc).__name__}: {exc})") from exc
        for inst in module_evals.evaluators.values():
            if isinstance(inst, EvaluatorInstance) and (inst.evaluator.metadata or {}).get("gated"):
                out.append(inst.evaluator)
    return out


def gated_scorer_names() -> list[str]:
    from scorers.composite import weights

    return list(weights())


# ------------------------------------------------------------------ mutating records
def _is_conversation(output: Any) -> bool:
    return isinstance(output, dict) and isinstance(output.get("turns"), list) and bool(output["turns"])


def turn_contexts(output: dict, kb_ids: list[str]):
    """A :class:`~evals.mutants.TurnContext` per turn of a conversation record."""
    from evals.mutants import TurnContext

    entries = [e for e in output.get("retrieved") or [] if isinstance(e, dict) and e.get("id")]
    sources = {e["id"]: e.get("source") or "" for e in entries}
    texts = {e["id"]: e.get("text") or "" for e in entries}
    seen: list[str] = []
    evidence: list[str] = []
    out = []
    for t in output["turns"]:
        ids: list[str] = []
        for i in list(t.get("retrieved_ids") or []) + [i for c in t.get("tool_calls") or []
                                                        for i in c.get("retrieved_ids") or []]:
            if i not in ids:
                ids.append(i)
        seen += [i for i in ids if i not in seen]
        evidence += [texts.get(i, "") for i in ids] + [c.get("content") or "" for c in t.get("tool_calls") or []]
        out.append(TurnContext(user=str(t.get("user") or ""), seen_ids=list(seen), turn_ids=ids, sources=sources,
                               evidence="\n".join(evidence), kb_ids=kb_ids, texts=texts,
                               earlier=[str(e.get("user") or "") for e in output["turns"][:len(out)]]))
    return out


def mutate_output(output: Any, mutant, kb_ids: list[str], only_turn: int | None = None) -> tuple[Any, list[int]]:
    """The output with ``mutant`` applied (to every turn, or to ``only_turn``) and the turns it
    changed. Tool outputs: the structured payload, when the mutant has a payload form."""
    from rag.citations import cited_ids

    if _is_conversation(output):
        out = copy.deepcopy(output)
        ctxs = turn_contexts(output, kb_ids)
        changed = []
        for i, (t, ctx) in enumerate(zip(out["turns"], ctxs)):
            if only_turn is not None and i != only_turn:
                continue
            new = mutant.apply(str(t.get("assistant") or ""), ctx)
            if new is None:
                continue
            changed.append(i)
            t["assistant"] = new
            t["citations"] = cited_ids(new)
            t["invalid_citations"] = [c for c in t["citations"] if c not in set(ctx.seen_ids)]
        if changed:
            out["response"] = out["turns"][-1].get("assistant", "")
            out["citations"] = list(dict.fromkeys(c for t in out["turns"] for c in t.get("citations") or []))
            out["invalid_citations"] = list(dict.fromkeys(c for t in out["turns"]
                                                          for c in t.get("invalid_citations") or []))
        return (out if changed else output), changed
    if isinstance(output, dict) and isinstance(output.get("data"), dict) and mutant.apply_data is not None \
            and only_turn in (None, 0):
        new = mutant.apply_data(output["data"])
        if new is not None:
            out = dict(output)
            out["data"] = new
            return out, [0]
    return output, []


# ------------------------------------------------------------------ where a removal counts
CONTENT_KEYS = ("benchmarks", "audience", "calculations", "key_facts")


def requires(removes: str | None, expect: dict, answer: str) -> bool:
    """Does a turn with expectation ``expect`` (baseline answer ``answer``) require what a
    removal mutant takes away? (See the module doc; ``None`` = not a removal mutant: always.)"""
    from rag.citations import cited_ids

    expect = expect if isinstance(expect, dict) else {}
    if removes is None:
        return True
    if removes == "citation":
        return expect.get("must_cite") is True and bool(cited_ids(answer or ""))
    if removes == "calculation":
        return bool(expect.get("calculations"))
    if removes == "answer":
        if expect.get("must_abstain") is True:
            return False
        return (expect.get("must_abstain") is False or expect.get("must_clarify") is True
                or any(expect.get(k) for k in CONTENT_KEYS) or bool(expect.get("must_cite") and expect.get("sources")))
    raise ValueError(f"unknown mutant removal kind {removes!r}")


def turn_expectations(case: "Case") -> list[tuple[dict, str]]:
    """(expectation, baseline answer) per turn of a case, as the scorers see them."""
    from scorers.base import views

    return [(v.expect, v.response) for v in views(case.data.input, case.output, case.data.expected)]


# ------------------------------------------------------------------ the suite
@dataclass
class MutantResult:
    name: str
    description: str
    applied: dict[str, int]  # family -> answers rewritten (all-turns mode)
    deltas: dict[str, float | None]  # gated scorer -> change of its pooled mean
    composite: float | None
    gate_passed: bool
    gate_reasons: list[str]
    one_turn_tests: int
    one_turn_kills: int
    survivors: list[str]  # "<eval> <case> turn <i>" where no gated scorer dropped
    skipped: int = 0  # single-turn applications on turns the baseline already fails
    not_required: int = 0  # removal mutant on a turn whose expectation does not require what it removes

    @property
    def killed_all(self) -> bool:
        return not self.gate_passed

    @property
    def killed_one(self) -> bool:
        return self.one_turn_tests > 0 and self.one_turn_kills == self.one_turn_tests

    @property
    def killed(self) -> bool:
        return self.killed_all and self.killed_one

    @property
    def why_alive(self) -> str:
        parts = []
        if not self.killed_all:
            parts.append(f"gate still PASSES with it on every answer (composite {fmt(self.composite)})")
        if self.one_turn_tests == 0:
            parts.append("it applied to no answer")
        elif not self.killed_one:
            parts.append(f"no gated scorer dropped on {self.one_turn_tests - self.one_turn_kills} of "
                         f"{self.one_turn_tests} single-turn applications (e.g. {', '.join(self.survivors[:3])})")
        return "; ".join(parts)


class MutationSuite:
    def __init__(self, quick: bool = False, log=None):
        _configure_env()
        self.quick = quick
        self.log = log or (lambda msg: None)
        self.gated = gated_scorer_names()
        from scorers.composite import load_config

        self.pass_threshold = {"default": 0.5, **{k: float(v) for k, v in load_config().get(
            "calibration_pass_threshold", {}).items() if not k.startswith("_")}}
        self.experiments: list[Experiment] = []
        self.kb_ids: list[str] = []
        self.baseline: GateVerdict | None = None

    def prepare(self) -> GateVerdict:
        """Load the gated evals, run every case once (the cache), score the baseline."""
        from evals.common import get_engine, selected_preset

        self.kb_ids = [c.id for c in get_engine(selected_preset()).chunks]
        for ev in load_gated_evaluators():
            meta = ev.metadata or {}
            family = meta.get("family") or ""
            data = ev.data() if callable(ev.data) else list(ev.data)
            if self.quick:
                data = data[::QUICK_STRIDE.get(family, 1)]
            t0 = time.perf_counter()
            cases = []
            for d in data:
                md: dict = dict(getattr(d, "metadata", None) or {})
                out = ev.task(d.input, SimpleNamespace(metadata=md, trial_index=0))
                cases.append(Case(d, out, {k: v for k, v in md.items() if k not in (getattr(d, "metadata", None) or {})}))
            exp = Experiment(ev, cases, family, meta.get("key") or ev.eval_name)
            scored = [score_case(exp, c, c.output) for c in cases]
            exp.base_scores = [s for s, _ in scored]
            exp.base_rep = build_rep(exp, [c.output for c in cases], scored)
            self.experiments.append(exp)
            self.log(f"  baseline {exp.key}: {len(cases)} cases in {time.perf_counter() - t0:.1f}s")
        self.baseline = gate_decision([e.base_rep for e in self.experiments])
        return self.baseline

    def run_mutant(self, mutant) -> MutantResult:
        reps, applied = [], {}
        tests = kills = skipped = not_required = 0
        survivors: list[str] = []
        for exp in self.experiments:
            outs, scored, touched = [], [], 0
            for ci, case in enumerate(exp.cases):
                out, changed = mutate_output(case.output, mutant, self.kb_ids)
                if not changed:
                    outs.append(case.output)
                    scored.append((exp.base_scores[ci], {**case.metadata, **case.task_md}))
                    continue
                touched += len(changed)
                sc, md = score_case(exp, case, out)
                outs.append(out)
                scored.append((sc, md))
                # one turn: each turn it changes (--quick: the first), everything else untouched;
                # for a one-answer case the all-turns run is that test
                multi = _is_conversation(case.output) and len(case.output["turns"]) > 1
                expects = turn_expectations(case) if mutant.removes else []
                if mutant.removes:
                    keep = [t for t in changed if t < len(expects) and requires(mutant.removes, *expects[t])]
                    not_required += len(changed) - len(keep)
                    changed = keep
                for turn in (changed if not self.quick else changed[:1]):
                    if not self._baseline_good(exp.base_scores[ci], turn):
                        skipped += 1  # the baseline already fails this turn: nothing good to spoil
                        continue
                    one = sc
                    if multi:
                        out1, _ = mutate_output(case.output, mutant, self.kb_ids, only_turn=turn)
                        one, _ = score_case(exp, case, out1)
                    tests += 1
                    if self._dropped(exp.base_scores[ci], one, turn):
                        kills += 1
                    else:
                        survivors.append(f"{exp.key} {case.metadata.get('case_id')} turn {turn}")
            applied[exp.key] = touched
            reps.append(build_rep(exp, outs, scored) if touched else exp.base_rep)
        verdict = gate_decision(reps)
        base = self.baseline.means if self.baseline else {}
        deltas = {n: (None if verdict.means.get(n) is None or base.get(n) is None else verdict.means[n] - base[n])
                  for n in self.gated}
        return MutantResult(mutant.name, mutant.description, applied, deltas, verdict.composite, verdict.passed,
                            verdict.reasons, tests, kills, survivors, skipped, not_required)

    def _baseline_good(self, base: dict, turn: int) -> bool:
        """The baseline passes every gated scorer on ``turn`` (each at its calibration pass
        threshold in ``scorers/weights.json``)."""
        for name in self.gated:
            b = per_turn(base.get(name)).get(turn)
            if b is not None and b < self.pass_threshold.get(name, self.pass_threshold["default"]) - EPS:
                return False
        return True

    def _dropped(self, base: dict, mutated: dict, turn: int) -> bool:
        """Did any gated scorer score ``turn`` lower? A scorer that newly applies below 1 counts."""
        for name in self.gated:
            b = per_turn(base.get(name)).get(turn)
            m = per_turn(mutated.get(name)).get(turn)
            if m is None:
                continue
            if (b is None and m < 1 - EPS) or (b is not None and m < b - EPS):
                return True
        return False

    def run(self, names: list[str] | None = None) -> list[MutantResult]:
        from evals.mutants import BY_NAME, MUTANTS

        chosen = MUTANTS if not names else [BY_NAME[n] for n in names]
        out = []
        for m in chosen:
            t0 = time.perf_counter()
            r = self.run_mutant(m)
            self.log(f"  {m.name}: {'killed' if r.killed else 'ALIVE'} ({time.perf_counter() - t0:.1f}s)")
            out.append(r)
        return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.mutation", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if any mutant lives (naming it), 2 if the baseline fails")
    ap.add_argument("--quick", action="store_true", help="a deterministic subset of the cases (CI)")
    ap.add_argument("--markdown", action="store_true", help="print the kill table as Markdown")
    ap.add_argument("--mutant", action="append", help="run only this mutant (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true", help="progress on stderr")
    args = ap.parse_args(argv)
    from evals.mutants import BY_NAME
    from evals.mutation_report import render

    for n in args.mutant or []:
        if n not in BY_NAME:
            print(f"--mutant: unknown mutant {n!r} (known: {', '.join(BY_NAME)})", file=sys.stderr)
            return 2
    log = (lambda msg: print(msg, file=sys.stderr, flush=True)) if args.verbose else None
    t0 = time.perf_counter()
    suite = MutationSuite(quick=args.quick, log=log)
    try:
        base = suite.prepare()
    except (RuntimeError, ValueError) as exc:
        print(f"mutation suite: {exc}", file=sys.stderr)
        return 2
    results = suite.run(args.mutant)
    print(render(results, suite.gated, base, args.markdown))
    alive = [r for r in results if not r.killed]
    n_cases = sum(len(e.cases) for e in suite.experiments)
    print(f"\n{len(results) - len(alive)} of {len(results)} mutants killed "
          f"({'quick subset, ' if args.quick else ''}{n_cases} cases, {time.perf_counter() - t0:.0f}s); "
          f"baseline composite {fmt(base.composite)} -> {'PASS' if base.passed else 'FAIL'}")
    for r in alive:
        print(f"ALIVE {r.name}: {r.why_alive}")
    if not base.passed:
        print(f"baseline FAILS the gate ({'; '.join(base.reasons)}): the mutants prove nothing until it passes")
        if args.check:
            return 2
    if args.check and alive:
        print(f"mutation check FAILED: {len(alive)} mutant(s) alive: {', '.join(r.name for r in alive)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
