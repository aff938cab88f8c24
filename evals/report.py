"""A self-contained HTML report of one or more experiment records:
``python -m evals.report RECORD [RECORD…] --out report.html``.

No JavaScript, no external assets: inline CSS and inline SVG charts —

* the composite and gate of each record;
* a **recall@k curve** (k = 1…10) per retrieval configuration, recomputed from each case's
  top-10 ranking against its expected sources;
* **per-scorer bars**: each record's composite inputs (mean per weighted scorer over the gated
  experiments), side by side;
* the retrieval metrics per preset, and the **per-scenario table** (each scenario's score per
  scorer, its beats and errors, with the per-turn verdicts folded underneath);
* the weakest cases of each experiment with the scorers' explanations.
"""
from __future__ import annotations

import argparse
import html
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from evals.records import RecordError, load_record  # noqa: E402
from scorers.retrieval import recall_at_k, relevance, source_stem  # noqa: E402

PALETTE = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563",
           "#65a30d", "#7c3aed", "#0f766e"]
K_MAX = 10


def esc(x) -> str:
    return html.escape(str(x), quote=True)


def fmt(v, nd=3) -> str:
    return "—" if not isinstance(v, (int, float)) or (isinstance(v, float) and math.isnan(v)) else f"{v:.{nd}f}"


def cell_color(v) -> str:
    if not isinstance(v, (int, float)):
        return "#f3f4f6"
    v = max(0.0, min(1.0, float(v)))
    # red (0) → amber (0.5) → green (1)
    if v < 0.5:
        r, g = 239, int(68 + (191 - 68) * v * 2)
    else:
        r, g = int(239 - (239 - 34) * (v - 0.5) * 2), int(191 - (191 - 197) * (v - 0.5) * 2)
    return f"rgba({r},{g},94,0.28)"


# ------------------------------------------------------------------ data extraction
def recall_curve(exp: dict) -> list[float | None]:
    """Mean recall@k for k = 1..K_MAX over the cases that have a ranking and expected sources."""
    sums = [0.0] * K_MAX
    n = 0
    for c in exp["cases"]:
        out = c.get("output") or {}
        ranking = out.get("ranking") or out.get("retrieved") or []
        r = relevance(c.get("expected") or {}) if isinstance(c.get("expected"), dict) else None
        if not r or c.get("error"):
            continue
        mode, rel = r
        ids = [e["id"] for e in ranking if isinstance(e, dict) and e.get("id")]
        src = {e["id"]: e.get("source", "") for e in ranking if isinstance(e, dict) and e.get("id")}

        def unit(i, mode=mode, src=src):
            return i if mode == "chunk" else (source_stem(src[i]) if src.get(i) else i.split("#", 1)[0])

        for k in range(1, K_MAX + 1):
            sums[k - 1] += recall_at_k(ids, rel, k, unit=unit)
        n += 1
    return [s / n for s in sums] if n else [None] * K_MAX


# ------------------------------------------------------------------ SVG charts
def svg_lines(series: list[tuple[str, list[float | None]]], width=900, height=340, y_min=None) -> str:
    vals = [v for _, ys in series for v in ys if isinstance(v, (int, float))]
    if not vals:
        return "<p class=muted>no retrieval experiments in these records</p>"
    lo = y_min if y_min is not None else max(0.0, math.floor(min(vals) * 10) / 10 - 0.05)
    hi = 1.0
    ml, mr, mt, mb = 52, 300, 16, 40
    pw, ph = width - ml - mr, height - mt - mb

    def x(k):
        return ml + (k - 1) / (K_MAX - 1) * pw

    def y(v):
        return mt + (hi - v) / (hi - lo) * ph

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="recall at k curves">']
    ticks = [lo + (hi - lo) * i / 5 for i in range(6)]
    for t in ticks:
        parts.append(f'<line x1="{ml}" x2="{ml + pw}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#e5e7eb"/>')
        parts.append(f'<text x="{ml - 6}" y="{y(t) + 4:.1f}" text-anchor="end" class="tick">{t:.2f}</text>')
    for k in range(1, K_MAX + 1):
        parts.append(f'<text x="{x(k):.1f}" y="{mt + ph + 16}" text-anchor="middle" class="tick">{k}</text>')
    parts.append(f'<text x="{ml + pw / 2}" y="{height - 4}" text-anchor="middle" class="axis">k (passages retrieved)</text>')
    parts.append(f'<text x="14" y="{mt + ph / 2}" text-anchor="middle" class="axis" '
                 f'transform="rotate(-90 14 {mt + ph / 2})">recall@k</text>')
    parts.append(f'<line x1="{ml}" x2="{ml}" y1="{mt}" y2="{mt + ph}" stroke="#9ca3af"/>')
    parts.append(f'<line x1="{ml}" x2="{ml + pw}" y1="{mt + ph}" y2="{mt + ph}" stroke="#9ca3af"/>')
    for i, (name, ys) in enumerate(series):
        col = PALETTE[i % len(PALETTE)]
        pts = [(x(k), y(v)) for k, v in enumerate(ys, start=1) if isinstance(v, (int, float))]
        dash = ' stroke-dasharray="6 3"' if i >= len(PALETTE) else ""
        parts.append(f'<polyline fill="none" stroke="{col}" stroke-width="2"{dash} points="'
                     + " ".join(f"{a:.1f},{b:.1f}" for a, b in pts) + '"/>')
        for a, b in pts:
            parts.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="2.6" fill="{col}"/>')
        ly = mt + 14 + i * 18
        r5 = ys[4] if len(ys) > 4 else None
        parts.append(f'<rect x="{ml + pw + 14}" y="{ly - 9}" width="12" height="4" fill="{col}"/>')
        parts.append(f'<text x="{ml + pw + 32}" y="{ly - 3}" class="legend">{esc(name)} (@5 {fmt(r5)})</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_bars(groups: list[str], series: list[tuple[str, list[float | None]]], width=None, height=300) -> str:
    """Grouped vertical bars: one group per scorer, one bar per series (record)."""
    if not groups:
        return "<p class=muted>nothing to chart</p>"
    nser = max(1, len(series))
    bw = 16 if nser <= 3 else 10
    gw = nser * bw + 18
    ml, mr, mt, mb = 110, 12, 14, 110
    width = width or max(560, ml + mr + gw * len(groups) + 10)
    ph = height - mt - mb

    def y(v):
        return mt + (1 - v) * ph

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="per-scorer means">']
    for t in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{ml}" x2="{width - mr}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#e5e7eb"/>')
        parts.append(f'<text x="{ml - 6}" y="{y(t) + 4:.1f}" text-anchor="end" class="tick">{t:.2f}</text>')
    parts.append(f'<text x="{ml - 40}" y="{mt + ph / 2}" text-anchor="middle" class="axis" '
                 f'transform="rotate(-90 {ml - 40} {mt + ph / 2})">mean score</text>')
    for gi, g in enumerate(groups):
        gx = ml + 10 + gi * gw
        for si, (name, vals) in enumerate(series):
            v = vals[gi] if gi < len(vals) else None
            if not isinstance(v, (int, float)):
                continue
            col = PALETTE[si % len(PALETTE)]
            bx = gx + si * bw
            parts.append(f'<rect x="{bx}" y="{y(v):.1f}" width="{bw - 2}" height="{(1 - (1 - v)) * ph:.1f}" '
                         f'fill="{col}"><title>{esc(name)} · {esc(g)}: {fmt(v)}</title></rect>')
        cx = gx + nser * bw / 2
        parts.append(f'<text x="{cx:.1f}" y="{mt + ph + 10}" class="tick" text-anchor="end" '
                     f'transform="rotate(-40 {cx:.1f} {mt + ph + 10})">{esc(g)}</text>')
    parts.append("</svg>")
    legend = "".join(f'<span class="key"><i style="background:{PALETTE[i % len(PALETTE)]}"></i>{esc(n)}</span>'
                     for i, (n, _) in enumerate(series))
    return "".join(parts) + f'<div class="legendrow">{legend}</div>'


# ------------------------------------------------------------------ sections
def record_label(rec: dict, path_label: str, i: int) -> str:
    g = (rec.get("git") or {}).get("commit") or ""
    return f"R{i + 1}: {rec.get('preset')} · {rec.get('model') or rec.get('agent')} · {g[:7]}"


def section_overview(recs) -> str:
    rows = []
    for i, (rec, _, label) in enumerate(recs):
        gate = rec.get("gate") or {}
        ok = gate.get("passed")
        badge = f'<span class="badge {"pass" if ok else "fail"}">{"PASS" if ok else "FAIL"}</span>'
        reasons = "<br>".join(esc(r) for r in gate.get("reasons") or []) or "—"
        rows.append(f"<tr><td><b>{esc(record_label(rec, label, i))}</b><div class=muted>{esc(label)}</div></td>"
                    f"<td>{esc(rec.get('created_at'))}</td><td>{esc(rec.get('preset'))}</td>"
                    f"<td>{esc(rec.get('model'))}</td><td class=num>{fmt(gate.get('composite'), 4)}</td>"
                    f"<td class=num>{fmt(gate.get('threshold'), 3)}</td><td>{badge}</td>"
                    f"<td class=small>{reasons}</td><td class=num>{fmt(rec.get('elapsed_s'), 1)} s</td></tr>")
    return ("<h2>Runs</h2><table><tr><th>record</th><th>created</th><th>preset</th><th>model</th><th>composite</th>"
            "<th>gate</th><th></th><th>gate notes</th><th>eval time</th></tr>" + "".join(rows) + "</table>")


def section_recall(recs) -> str:
    series = []
    seen = set()
    for i, (rec, _, _) in enumerate(recs):
        for e in rec["experiments"]:
            if e.get("family") != "retrieval":
                continue
            name = e.get("preset") or e["key"]
            key = (name, tuple(round(v, 6) if v else v for v in recall_curve(e)))
            if key in seen:  # the same configuration measured identically in several records
                continue
            seen.add(key)
            series.append((name + (f" (R{i + 1})" if len(recs) > 1 else ""), list(key[1])))
    table = ""
    if series:
        head = "".join(f"<th>@{k}</th>" for k in range(1, K_MAX + 1))
        body = "".join(f"<tr><td>{esc(n)}</td>" + "".join(
            f'<td class=num style="background:{cell_color(v)}">{fmt(v)}</td>' for v in ys) + "</tr>" for n, ys in series)
        table = f"<table class=compact><tr><th>configuration</th>{head}</tr>{body}</table>"
    return ("<h2>Retrieval: recall@k per configuration</h2><p class=muted>Mean share of each golden's expected "
            "source files found in the top k passages (datasets/retrieval.jsonl).</p>"
            + svg_lines(series) + table)


def section_scorers(recs) -> str:
    names: list[str] = []
    for rec, _, _ in recs:
        for n in ((rec.get("composite") or {}).get("means") or {}):
            if n not in names:
                names.append(n)
    series = []
    for i, (rec, _, label) in enumerate(recs):
        means = (rec.get("composite") or {}).get("means") or {}
        series.append((record_label(rec, label, i), [means.get(n) for n in names]))
    cov_rows = []
    for i, (rec, _, label) in enumerate(recs):
        comp = rec.get("composite") or {}
        cells = []
        for n in names:
            m = (comp.get("means") or {}).get(n)
            cov = (comp.get("coverage") or {}).get(n)
            w = (rec.get("weights") or {}).get(n)
            cov_s = f"{cov[0]}/{cov[1]}" if cov else "not run"
            cells.append(f'<td class=num style="background:{cell_color(m)}">{fmt(m)}<div class=small>{cov_s} · '
                         f'w {w if w is not None else "—"}</div></td>')
        cov_rows.append(f"<tr><td>{esc(record_label(rec, label, i))}</td>{''.join(cells)}</tr>")
    table = ("<table class=compact><tr><th>record</th>" + "".join(f"<th>{esc(n)}</th>" for n in names) + "</tr>"
             + "".join(cov_rows) + "</table>")
    return ("<h2>Composite inputs: per-scorer means over the gated experiments</h2><p class=muted>Each scorer's mean "
            "over the cases it applies to (coverage = applicable / cases; w = weight).</p>"
            + svg_bars(names, series) + table)


def section_experiments(recs) -> str:
    out = ["<h2>Experiments</h2>"]
    for i, (rec, _, label) in enumerate(recs):
        rows = []
        for e in rec["experiments"]:
            s = e.get("summary") or {}
            cells = " ".join(f'<span class="chip" style="background:{cell_color(v.get("mean"))}">{esc(n)} '
                             f'<b>{fmt(v.get("mean"))}</b> <span class=small>({v.get("applicable")}/{v.get("cases")})'
                             f'</span></span>' for n, v in s.items())
            err = sum(1 for c in e["cases"] if c.get("error"))
            rows.append(f"<tr><td><b>{esc(e['key'])}</b><div class=small>{'gated' if e.get('gated') else 'compare-only'}"
                        f" · {len(e['cases'])} cases{' · <span class=bad>' + str(err) + ' errored</span>' if err else ''}"
                        f"</div></td><td>{cells}</td></tr>")
        out.append(f"<h3>{esc(record_label(rec, label, i))}</h3><table>{''.join(rows)}</table>")
    return "".join(out)


def _turn_rows(case: dict, scorers: list[str]) -> str:
    turns = (case.get("output") or {}).get("turns") or []
    per: dict[int, dict[str, float]] = {}
    for n in scorers:
        d = (case.get("details") or {}).get(n) or {}
        for t in d.get("turns", []) if "turns" in d else []:
            per.setdefault(t["turn"], {})[n] = t.get("score")
        if "turns" not in d and d.get("applicable") and len(turns) == 1:
            per.setdefault(0, {})[n] = case["scores"].get(n)
    rows = []
    for i, t in enumerate(turns):
        cells = "".join(f'<td class=num style="background:{cell_color(per.get(i, {}).get(n))}">'
                        f'{fmt(per.get(i, {}).get(n), 2)}</td>' for n in scorers)
        tools = ", ".join(c.get("name", "") for c in t.get("tool_calls") or [])
        rows.append(f"<tr><td class=num>{i}</td><td class=small>{esc((t.get('user') or '')[:160])}"
                    f"<div class=muted>tools: {esc(tools) or '—'}</div></td>{cells}</tr>")
    head = "".join(f"<th>{esc(n)}</th>" for n in scorers)
    return f"<table class=compact><tr><th>turn</th><th>user</th>{head}</tr>{''.join(rows)}</table>"


def section_scenarios(recs) -> str:
    out = ["<h2>Scenarios (multi-turn conversations)</h2>"]
    any_conv = False
    for i, (rec, _, label) in enumerate(recs):
        for e in rec["experiments"]:
            if e.get("family") != "conversations":
                continue
            any_conv = True
            scorers = [n for n in e.get("scorers") or [] if any(c["scores"].get(n) is not None for c in e["cases"])]
            head = "".join(f"<th>{esc(n)}</th>" for n in scorers)
            rows = []
            for c in sorted(e["cases"], key=lambda c: (str(c.get("id")), c.get("trial", 0))):
                extra = c.get("extra") or {}
                beats = extra.get("beats") or []
                beats_s = f"{sum(1 for b in beats if b.get('ok'))}/{len(beats)}" if beats else "—"
                cells = "".join(f'<td class=num style="background:{cell_color(c["scores"].get(n))}">'
                                f'{fmt(c["scores"].get(n), 2)}</td>' for n in scorers)
                err = f'<div class=bad>{esc(c["error"][:200])}</div>' if c.get("error") else ""
                trial = f" (trial {c.get('trial')})" if c.get("trial") else ""
                rows.append(f"<tr><td><b>{esc(c.get('id'))}</b>{trial}<div class=small>{esc((c.get('input') or {}).get('persona', ''))}"
                            f"</div>{err}</td><td class=num>{fmt(c.get('composite'))}</td><td class=num>{beats_s}</td>"
                            f"{cells}</tr>"
                            f'<tr class=fold><td colspan="{3 + len(scorers)}"><details><summary>per-turn verdicts'
                            f"</summary>{_turn_rows(c, scorers)}</details></td></tr>")
            out.append(f"<h3>{esc(record_label(rec, label, i))}</h3><table><tr><th>scenario</th><th>composite</th>"
                       f"<th>beats</th>{head}</tr>{''.join(rows)}</table>")
    if not any_conv:
        out.append("<p class=muted>no conversation experiment in these records</p>")
    return "".join(out)


def section_failures(recs, n=6) -> str:
    out = ["<h2>Weakest cases</h2><p class=muted>Lowest per-case composite in each gated experiment, with what the "
           "scorers said.</p>"]
    for i, (rec, _, label) in enumerate(recs):
        blocks = []
        for e in rec["experiments"]:
            if not e.get("gated"):
                continue
            cases = [c for c in e["cases"] if c.get("error") or (isinstance(c.get("composite"), (int, float))
                                                               and c["composite"] < 1)]
            cases.sort(key=lambda c: (0 if c.get("error") else 1, c.get("composite") or 0))
            if not cases:
                continue
            items = []
            for c in cases[:n]:
                bad = {k: v for k, v in (c.get("scores") or {}).items() if isinstance(v, (int, float)) and v < 1}
                why, seen = [], {}
                for k in bad:  # scorers that say the same thing (e.g. every ranked metric) are merged
                    d = (c.get("details") or {}).get(k) or {}
                    brief = str({kk: vv for kk, vv in d.items() if kk not in ("applicable", "top", "turns", "k")})[:300]
                    seen.setdefault(brief, []).append(f"{k} {fmt(bad[k], 2)}")
                for brief, names in seen.items():
                    why.append(f"<b>{esc(', '.join(names))}</b>: <code>{esc(brief)}</code>")
                q = c.get("input")
                q = q.get("query") or q.get("question") or q.get("scenario") or q if isinstance(q, dict) else q
                items.append(f"<li><b>{esc(c.get('id'))}</b> composite {fmt(c.get('composite'))} — "
                             f"<span class=small>{esc(str(q)[:160])}</span>"
                             + (f"<div class=bad>{esc(c['error'][:300])}</div>" if c.get("error") else "")
                             + ("<div class=small>" + "<br>".join(why) + "</div>" if why else "") + "</li>")
            blocks.append(f"<h4>{esc(e['key'])}</h4><ul>{''.join(items)}</ul>")
        if blocks:
            out.append(f"<h3>{esc(record_label(rec, label, i))}</h3>{''.join(blocks)}")
    return "".join(out)


CSS = """
body{font:14px/1.45 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827;margin:24px 32px;max-width:1400px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}h4{margin:10px 0 4px;font-size:14px}
table{border-collapse:collapse;margin:6px 0 12px}td,th{border:1px solid #e5e7eb;padding:4px 7px;vertical-align:top}
th{background:#f9fafb;font-weight:600;text-align:left}.num{text-align:right;font-variant-numeric:tabular-nums}
.compact td,.compact th{padding:3px 6px;font-size:12.5px}.small{font-size:11.5px;color:#4b5563}.muted{color:#6b7280}
.badge{padding:2px 8px;border-radius:10px;font-weight:700;font-size:12px}.pass{background:#dcfce7;color:#166534}
.fail{background:#fee2e2;color:#991b1b}.bad{color:#b91c1c}.chip{display:inline-block;margin:2px 4px 2px 0;padding:2px 6px;
border-radius:6px;font-size:12px}.tick{font-size:11px;fill:#4b5563}.axis{font-size:12px;fill:#374151}
.legend{font-size:12px;fill:#111827}.legendrow{margin:2px 0 8px}.key{margin-right:14px;font-size:12px}
.key i{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:-1px}
tr.fold td{border-top:none;padding:0 7px}details summary{cursor:pointer;color:#2563eb;font-size:12px;padding:2px 0}
code{font-size:11px;background:#f3f4f6;padding:0 3px;border-radius:3px}
"""


def build_html(recs, title: str) -> str:
    body = [f"<h1>{esc(title)}</h1><div class=muted>{len(recs)} record(s) · generated by python -m evals.report</div>",
            section_overview(recs), section_scorers(recs), section_recall(recs), section_scenarios(recs),
            section_experiments(recs), section_failures(recs)]
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>'
            f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals.report", description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", help="record files (a directory means its latest.json)")
    ap.add_argument("--out", default="report.html")
    ap.add_argument("--title", default="MPA eval report")
    args = ap.parse_args(argv)
    recs = []
    for spec in args.records:
        try:
            recs.append(load_record(spec))
        except RecordError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    out = Path(args.out)
    out.write_text(build_html(recs, args.title), encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KiB, {len(recs)} record(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
