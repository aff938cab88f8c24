"""The mutation suite's kill table (``python -m evals.mutation``, ``--markdown`` for the README):
one row per mutant, the change of each gated scorer's pooled mean with the mutant on every answer,
the composite, the gate verdict and the single-turn kills."""
from __future__ import annotations


def fmt(v: float | None) -> str:
    return "—" if v is None else f"{v:.3f}"


def _short(name: str) -> str:
    return {"retrieval_recall@5": "recall@5", "citation_validity": "cit_valid", "source_citation": "src_cite",
            "benchmark_accuracy": "bench_acc", "audience_sizing": "audience", "calculation_presence": "calc",
            "source_recall": "src_recall", "abstention": "abstain", "grounding": "ground"}.get(name, name)


def _cell(d: float | None) -> str:
    if d is None:
        return "n/a"
    if abs(d) < 0.0005:
        return "0"
    return f"{d:+.3f}"


def table_rows(results: list, gated: list[str], baseline) -> tuple[list[str], list[list[str]]]:
    """Header and rows: ``results`` are ``evals.mutation.MutantResult``, ``baseline`` its ``GateVerdict``."""
    cols = [n for n in gated if any(r.deltas.get(n) not in (None, 0.0) and abs(r.deltas[n] or 0) >= 0.0005
                                    for r in results)] or gated
    header = ["mutant", *[_short(c) for c in cols], "composite", "gate (all turns)", "one turn", "verdict"]
    rows = [["baseline", *[fmt(baseline.means.get(c)) for c in cols], fmt(baseline.composite),
             "PASS" if baseline.passed else "FAIL", "", ""]]
    for r in results:
        rows.append([r.name, *[_cell(r.deltas.get(c)) for c in cols], fmt(r.composite),
                     "FAIL" if not r.gate_passed else "pass", f"{r.one_turn_kills}/{r.one_turn_tests}",
                     "killed" if r.killed else "ALIVE"])
    return header, rows


def render(results, gated, baseline, markdown: bool) -> str:
    header, rows = table_rows(results, gated, baseline)
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *[line(r) for r in rows]])
