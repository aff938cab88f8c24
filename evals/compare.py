"""Compare two experiment records: ``python -m evals.compare BASE NEW``.

``BASE``/``NEW`` are record files written by the reporter (``results/*.json``; a directory means
its ``latest.json``), optionally ``FILE#experiment-key`` to compare one experiment with another
(e.g. two retrieval presets from the same run: ``results/latest.json#retrieval/tfidf
results/latest.json#retrieval/hybrid-weighted``). Without a key, experiments are matched by key.
They may also be what Braintrust shows: an experiment's name (``conversations.bm25.offline-baseline.
1a2b3c4d``, or the ``-1`` variant Braintrust gave it), its id or URL, or a run id (``run`` in the
record) — looked up in the local records (``MPA_RESULTS_DIR``, default ``results/``).

For every scorer (and the per-case composite) of each matched experiment it reports:

* the base and new means over the cases both sides scored (paired by the stable case id), the
  delta with a **bootstrap 95 % CI** (resampling cases), a **paired randomisation test**
  (sign-flip permutation of the per-case differences, as ranx does) and a paired t-test p-value —
  so a 1-point change on 150 queries is not mistaken for progress;
* per-case **improvements and regressions** (Braintrust computes these server-side only; offline
  runs get them here), the largest first.

With ``--trials N`` runs (several values per case) each case is first averaged over its trials,
and each side's mean is shown with its bootstrap CI. ``--fail-on-regression`` exits 1 when the
composite or a weighted scorer got significantly worse (p < ``--alpha``, randomisation test).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from evals.records import RecordError, case_means, case_scores, errored, experiments, load_record  # noqa: E402


@dataclass
class ScorerDelta:
    scorer: str
    n: int
    base: float | None
    new: float | None
    delta: float | None
    ci: tuple[float, float] | None
    p_randomisation: float | None
    p_ttest: float | None
    base_ci: tuple[float, float] | None
    new_ci: tuple[float, float] | None
    improvements: list[tuple[str, float, float]] = field(default_factory=list)
    regressions: list[tuple[str, float, float]] = field(default_factory=list)
    only_base: int = 0
    only_new: int = 0
    weighted: bool = False

    def significant(self, alpha: float) -> bool:
        return self.p_randomisation is not None and self.p_randomisation < alpha


def randomisation_test(diffs: np.ndarray, n_perm: int = 10000, seed: int = 0) -> float:
    """Two-sided paired sign-flip permutation test on the mean difference."""
    n = len(diffs)
    if n == 0:
        return float("nan")
    obs = abs(diffs.mean())
    if obs == 0:
        return 1.0
    rng = np.random.default_rng(seed)
    hits = 0
    done = 0
    while done < n_perm:  # batches keep memory flat for large n
        b = min(2000, n_perm - done)
        signs = rng.choice(np.array([-1.0, 1.0]), size=(b, n))
        means = np.abs((signs * diffs).mean(axis=1))
        hits += int((means >= obs - 1e-12).sum())
        done += b
    return (hits + 1) / (n_perm + 1)


def paired_ttest(base: np.ndarray, new: np.ndarray) -> float:
    """Two-sided paired t-test p-value: ``scipy.stats.ttest_rel(new, base).pvalue`` step for step
    (the same float64 operations and the same ``scipy.special.stdtr``, so the very same value;
    importing ``scipy.stats`` for it cost ~1 s of CPU per process)."""
    if len(base) < 2:
        return float("nan")
    d = np.asarray(new, dtype=np.float64) - np.asarray(base, dtype=np.float64)
    if np.allclose(d, d[0]):
        return 1.0 if abs(d[0]) < 1e-12 else 0.0
    from scipy.special import stdtr

    n = len(d)
    var = np.mean((d - np.mean(d, keepdims=True)) ** 2) * (np.float64(n) / np.float64(n - 1))  # ddof=1
    t = np.mean(d) / np.sqrt(var / n)
    return float(2 * stdtr(np.float64(n - 1), -np.abs(t)))


def bootstrap_ci(values: np.ndarray, n_boot: int = 2000, seed: int = 0, level: float = 0.95) -> tuple[float, float] | None:
    n = len(values)
    if n == 0:
        return None
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(n_boot, n))
    means = values[idx].mean(axis=1)
    lo, hi = np.percentile(means, [(1 - level) / 2 * 100, (1 + level) / 2 * 100])
    return float(lo), float(hi)


def compare_experiments(base: dict, new: dict, weighted: set[str], n_perm: int = 10000, n_boot: int = 2000,
                        seed: int = 0) -> list[ScorerDelta]:
    bm, nm = case_means(base), case_means(new)
    names: list[str] = []
    for d in list(bm.values()) + list(nm.values()):
        for n in d:
            if n not in names:
                names.append(n)
    names = [n for n in names if n != "composite"] + (["composite"] if "composite" in names else [])
    out = []
    for name in names:
        b_ids = {cid for cid, d in bm.items() if name in d}
        n_ids = {cid for cid, d in nm.items() if name in d}
        ids = sorted(b_ids & n_ids)
        bv = np.array([bm[c][name] for c in ids], dtype=float)
        nv = np.array([nm[c][name] for c in ids], dtype=float)
        diffs = nv - bv
        imp = sorted([(c, bm[c][name], nm[c][name]) for c in ids if nm[c][name] - bm[c][name] > 1e-9],
                     key=lambda t: t[1] - t[2])
        reg = sorted([(c, bm[c][name], nm[c][name]) for c in ids if bm[c][name] - nm[c][name] > 1e-9],
                     key=lambda t: t[2] - t[1])
        out.append(ScorerDelta(
            scorer=name, n=len(ids),
            base=float(bv.mean()) if len(ids) else None, new=float(nv.mean()) if len(ids) else None,
            delta=float(diffs.mean()) if len(ids) else None,
            ci=bootstrap_ci(diffs, n_boot, seed) if len(ids) else None,
            p_randomisation=randomisation_test(diffs, n_perm, seed) if len(ids) else None,
            p_ttest=paired_ttest(bv, nv) if len(ids) else None,
            base_ci=bootstrap_ci(bv, n_boot, seed + 1) if len(ids) else None,
            new_ci=bootstrap_ci(nv, n_boot, seed + 2) if len(ids) else None,
            improvements=imp, regressions=reg, only_base=len(b_ids - n_ids), only_new=len(n_ids - b_ids),
            weighted=name in weighted or name == "composite"))
    return out


def _f(v, nd=3):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    return f"{v:.{nd}f}"


def _p(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    return "<0.001" if v < 0.001 else f"{v:.3f}"


def _trials(exp: dict) -> int:
    return max((len(v) for d in case_scores(exp).values() for v in d.values()), default=1)


def print_comparison(title: str, base: dict, new: dict, deltas: list[ScorerDelta], alpha: float, show: int) -> None:
    tb, tn = _trials(base), _trials(new)
    print(f"\n== {title}")
    print(f"   cases: base {len(base['cases'])} ({errored(base)} errored), new {len(new['cases'])} "
          f"({errored(new)} errored); trials per case: base {tb}, new {tn}")
    hdr = f"   {'scorer':<24}{'n':>5}{'base':>8}{'new':>8}{'delta':>9}  {'95% CI (delta)':<19}{'p(rand)':>9}{'p(t)':>8}" \
          f"{'+':>5}{'-':>5}"
    if tb > 1 or tn > 1:
        hdr += "   base [95% CI]        new [95% CI]"
    print(hdr)
    for d in deltas:
        sig = "*" if d.significant(alpha) else " "
        ci = f"[{_f(d.ci[0])}, {_f(d.ci[1])}]" if d.ci else "—"
        line = (f"   {d.scorer + (' (w)' if d.weighted and d.scorer != 'composite' else ''):<24}{d.n:>5}{_f(d.base):>8}"
                f"{_f(d.new):>8}{(('+' if (d.delta or 0) > 0 else '') + _f(d.delta)):>9}{sig} {ci:<19}"
                f"{_p(d.p_randomisation):>9}{_p(d.p_ttest):>8}{len(d.improvements):>5}{len(d.regressions):>5}")
        if tb > 1 or tn > 1:
            bci = f"{_f(d.base)} [{_f(d.base_ci[0])}, {_f(d.base_ci[1])}]" if d.base_ci else "—"
            nci = f"{_f(d.new)} [{_f(d.new_ci[0])}, {_f(d.new_ci[1])}]" if d.new_ci else "—"
            line += f"   {bci:<21}{nci}"
        print(line)
        if d.only_base or d.only_new:
            print(f"   {'':<24}  (unpaired: {d.only_base} case(s) only in base, {d.only_new} only in new)")
    print(f"   * = significant at alpha {alpha} (paired randomisation test); (w) = weighted in the composite; "
          f"+/- = cases improved/regressed")
    comp = next((d for d in deltas if d.scorer == "composite"), None)
    focus = [comp] if comp and (comp.improvements or comp.regressions) else [d for d in deltas if d.weighted][:1]
    for d in focus:
        if not d:
            continue
        if d.regressions:
            print(f"   regressions ({d.scorer}, worst first):")
            for cid, b, n in d.regressions[:show]:
                print(f"      {cid:<28} {b:.3f} -> {n:.3f}")
        if d.improvements:
            print(f"   improvements ({d.scorer}, best first):")
            for cid, b, n in d.improvements[:show]:
                print(f"      {cid:<28} {b:.3f} -> {n:.3f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.compare", description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="base record (file, directory → latest.json, FILE#experiment-key) or a "
                                 "Braintrust experiment name, id or URL, or a run id, found in the local records")
    ap.add_argument("new", help="new record (same forms)")
    ap.add_argument("--experiment", "-e", action="append", default=[],
                    help="only these experiment keys (repeatable), e.g. retrieval/hybrid-weighted")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--permutations", type=int, default=10000)
    ap.add_argument("--bootstrap", type=int, default=2000)
    ap.add_argument("--trials", type=int, default=None,
                    help="expected trials per case (informational; trials are read from the records)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=8, help="per-case improvements/regressions to list")
    ap.add_argument("--json", dest="json_out", help="also write the comparison as JSON")
    ap.add_argument("--verbose", "-v", action="store_true", help="print identical experiments in full too")
    ap.add_argument("--fail-on-regression", action="store_true",
                    help="exit 1 if the composite or a weighted scorer regressed significantly")
    args = ap.parse_args(argv)
    try:
        brec, bkey, blabel = load_record(args.base)
        nrec, nkey, nlabel = load_record(args.new)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    weighted = {k for k, v in (nrec.get("weights") or {}).items() if v and v > 0}
    pairs: list[tuple[str, dict, dict]] = []
    if bkey or nkey:
        be, ne = experiments(brec), experiments(nrec)
        if not (bkey and nkey):
            only = bkey or nkey
            bkey = bkey or only
            nkey = nkey or only
        if bkey not in be or nkey not in ne:
            print(f"error: experiment {bkey!r} / {nkey!r} not in both records", file=sys.stderr)
            return 2
        pairs.append((f"{bkey} vs {nkey}", be[bkey], ne[nkey]))
    else:
        be, ne = experiments(brec), experiments(nrec)
        gb = [k for k, e in be.items() if e.get("gated") and e.get("family") == "retrieval"]
        gn = [k for k, e in ne.items() if e.get("gated") and e.get("family") == "retrieval"]
        if len(gb) == 1 and len(gn) == 1 and gb[0] != gn[0] and not args.experiment:
            # the records gate different presets: compare the gated retrieval runs with each other first
            pairs.append((f"gated retrieval: {gb[0]} vs {gn[0]}", be[gb[0]], ne[gn[0]]))
        for k in be:
            if k in ne and (not args.experiment or k in args.experiment):
                pairs.append((k, be[k], ne[k]))
        only_b = [k for k in be if k not in ne]
        only_n = [k for k in ne if k not in be]
    print(f"BASE {blabel}: preset={brec.get('preset')} model={brec.get('model')} "
          f"commit={((brec.get('git') or {}).get('commit') or '')[:10]} composite={_f((brec.get('gate') or {}).get('composite'), 4)}")
    print(f"NEW  {nlabel}: preset={nrec.get('preset')} model={nrec.get('model')} "
          f"commit={((nrec.get('git') or {}).get('commit') or '')[:10]} composite={_f((nrec.get('gate') or {}).get('composite'), 4)}")
    if not (bkey or nkey):
        if only_b:
            print(f"only in base: {', '.join(only_b)}")
        if only_n:
            print(f"only in new:  {', '.join(only_n)}")
    if not pairs:
        print("error: no experiment to compare", file=sys.stderr)
        return 2
    regressions = []
    dump = {"base": blabel, "new": nlabel, "alpha": args.alpha, "experiments": {}}
    for title, b, n in pairs:
        deltas = compare_experiments(b, n, weighted, args.permutations, args.bootstrap, args.seed)
        same = all(not d.improvements and not d.regressions and not d.only_base and not d.only_new for d in deltas)
        if same and errored(b) == errored(n) and not args.verbose:
            print(f"\n== {title}: identical per-case scores on {max((d.n for d in deltas), default=0)} cases "
                  f"({len(deltas)} scorers)")
        else:
            print_comparison(title, b, n, deltas, args.alpha, args.show)
        dump["experiments"][title] = [asdict(d) for d in deltas]
        for d in deltas:
            if d.weighted and d.delta is not None and d.delta < 0 and d.significant(args.alpha):
                regressions.append(f"{title}: {d.scorer} {d.base:.3f} -> {d.new:.3f} (p={_p(d.p_randomisation)})")
    bc, nc = (brec.get("gate") or {}).get("composite"), (nrec.get("gate") or {}).get("composite")
    if not (bkey or nkey) and isinstance(bc, (int, float)) and isinstance(nc, (int, float)):
        print(f"\nRun composite: {bc:.4f} -> {nc:.4f} ({nc - bc:+.4f}); gate: "
              f"{(brec.get('gate') or {}).get('passed')} -> {(nrec.get('gate') or {}).get('passed')}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(dump, indent=1, default=str), encoding="utf-8")
    if regressions:
        print("\nSignificant regressions:")
        for r in regressions:
            print(f"  {r}")
    if args.fail_on_regression and regressions:
        print("FAIL: significant regression (--fail-on-regression)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
