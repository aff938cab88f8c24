"""Where does the section a turn should be answered from rank, before the agent reads anything?

Why: the offline agent answers a how-to / rule question by choosing one section among the passages its
searches return (:mod:`agent.offline.reader`). A failing turn either never had the answering section among
those passages, or had it and chose another. Before building a new ranking step, this measures what a
deeper or different candidate list would give: for every scored turn of an eval record whose golden names
the sections that answer it (``expect.sections``), the rank of the first chunk under such a section in

* the default preset's list (what the agent's searches see),
* the ``hybrid-dense`` preset's list (the same lexical runs fused with MiniLM chunk embeddings),
* every section of the KB ranked by MiniLM similarity to the question alone (heading path and body, as
  :mod:`agent.offline.meaningsearch` encodes them),

counted apart for turns the agent passed and turns it failed. Findings and the candidate-level analysis
are in ``bench/section_rank.md``.

The turn's own tool results are counted too (did they hold the answering section, only its document, or
neither?), which tells a miss in retrieval from a miss in the choice among what was retrieved.

Usage (a run of ``python -m evals ... conversations`` on ``kb/`` per set; name only the sets you may read —
the script opens nothing else)::

    python bench/section_rank.py --kb kb RESULTS_DIR/res_datasets/latest.json RESULTS_DIR/res_paraphrase/latest.json
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.offline.meaningsearch import sections  # noqa: E402
from agent.offline.semantic import similarities  # noqa: E402
from mpa.engine import build_engine  # noqa: E402
from rag.config import PRESETS  # noqa: E402

DEPTH = 50      # how deep the search lists are read
MISSING = 999   # the rank given to a section not found at all
CUTS = (1, 3, 8, 20, 50)  # 8: what the agent's reader reads (CANDIDATES)


def _threshold() -> float:
    weights = json.loads((ROOT / "scorers" / "weights.json").read_text())
    th = weights["calibration_pass_threshold"]
    return th.get("expected_answer", th["default"])


def turns(records: list[Path]):
    """(passed, question, wanted section names) of every scored turn whose golden names its sections."""
    pass_at = _threshold()
    for rec in records:
        for exp in json.loads(rec.read_text())["experiments"]:
            if exp.get("family") != "conversations":
                continue
            for case in exp["cases"]:
                said = case["output"]["turns"]
                for t in ((case.get("details") or {}).get("expected_answer") or {}).get("turns") or []:
                    if t.get("score") is None or t["turn"] >= len(said):
                        continue
                    turn = said[t["turn"]]
                    want = [s.lower() for s in (turn.get("expect") or {}).get("sections") or []]
                    if want:
                        yield t["score"] >= pass_at, turn["user"], want, held(turn, want)


def held(turn: dict, want: list[str]) -> str:
    """What the turn's own tool results held: "section" (a result under an answering section), "document" (a
    result from an answering document, none under its section) or "neither" — does a miss lie in retrieval
    or in the choice among what was retrieved?"""
    sources = set((turn.get("expect") or {}).get("sources") or [])
    results = [r for call in turn.get("tool_calls") or [] for r in ((call.get("data") or {}).get("results") or [])]
    if any(any(w in " > ".join([*(r.get("sections") or []), r.get("section") or ""]).lower() for w in want)
           for r in results if not sources or r.get("source") in sources):
        return "section"
    return "document" if any(r.get("source") in sources for r in results) else "neither"


def ranks(kb: str, records: list[Path]) -> list[tuple[bool, int, int, int, str]]:
    """(passed, default rank, hybrid-dense rank, section-meaning rank, what its tool results held) per turn
    (0 = first)."""
    default = build_engine(Path(kb))
    dense = build_engine(Path(kb), PRESETS["hybrid-dense"], index_path=Path("/tmp") / f"section_rank-{Path(kb).name}.json")
    secs = sections(kb)
    encoded = [s.encoded for s in secs]
    out = []
    for passed, question, want, kept in turns(records):
        def first(paths) -> int:
            return next((k for k, p in enumerate(paths) if any(w in p.lower() for w in want)), MISSING)
        lexical = first(" > ".join(r.chunk.headers) for r in default.search(question, top_k=DEPTH))
        hybrid = first(" > ".join(r.chunk.headers) for r in dense.search(question, top_k=DEPTH))
        sims = similarities(question, encoded) or [0.0] * len(secs)
        meaning = first(" > ".join(secs[j].path) for j in sorted(range(len(secs)), key=lambda j: -sims[j]))
        out.append((passed, lexical, hybrid, meaning, kept))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", default="kb")
    ap.add_argument("records", nargs="+", type=Path)
    args = ap.parse_args(argv)
    rows = ranks(args.kb, args.records)
    for passed in (True, False):
        mine = [r for r in rows if r[0] is passed]
        print(f"{'passed' if passed else 'failed'} turns: {len(mine)}")
        for i, name in ((1, "default preset"), (2, "hybrid-dense"), (3, "section meaning")):
            cells = "  ".join(f"top{c} {sum(r[i] < c for r in mine):3d}" for c in CUTS)
            print(f"  {name:16} {cells}")
        print("  the turn's tool results held: " + ", ".join(
            f"{kind} {sum(r[4] == kind for r in mine)}" for kind in ("section", "document", "neither")))


if __name__ == "__main__":
    main()
