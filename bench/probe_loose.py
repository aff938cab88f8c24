"""A probe of benchmark look-ups where the business and the metric are described loosely, in this file's
own wording (``tests/unseen_wording.py`` checks it): the business as an owner says it ("a little web
boutique", "a used car lot", "marketing at a hospital"), the metric by the ratio it is ("what share of
folks who see our ads click", "revenue back per ad dollar", "the going rate for a thousand views"), on
``kb/`` and ``tests/fixtures/kb_txt``, single turns and "and for X?" follow-ups, plus businesses the KB
does not cover (which must be declined, not forced onto the nearest vertical).

A conversation passes when its last turn's ``get_benchmark`` resolves to the expected vertical (a
substring of the tool's own header) and metric; a decline passes when no ``get_benchmark`` succeeds.
Slow (a conversation engine per KB):

    PYTHONPATH=$PWD python bench/probe_loose.py [-v]
"""
from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path

KB = "kb"
TXT = "tests/fixtures/kb_txt"
# the probes, one a line: {"kb": its folder, "turns": [user turns], "want": [vertical substring, metric] | null = must
# decline} — data kept beside this script, as bench/decline_probe.jsonl is
PROBES = [(p["kb"], p["turns"], tuple(p["want"]) if p["want"] else None)
          for p in (json.loads(line) for line in Path(__file__).with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
                    if line.strip())]


def run(verbose: bool = False) -> dict[str, list[int]]:
    warnings.simplefilter("ignore")
    from agent.engine import ConversationEngine
    from agent.models import make_model
    from agent.prompts import system_prompt
    from evals.settings import DEFAULT_PRESET
    from mpa.engine import build_engine
    from mpa.tools import ToolExecutor
    from rag.config import get_preset

    engines, score = {}, {KB: [0, 0], TXT: [0, 0]}
    for kb, turns, want in PROBES:
        if kb not in engines:
            engines[kb] = build_engine(kb, get_preset(DEFAULT_PRESET),
                                       index_path=str(Path(".index") / f"{Path(kb).name}-probe-index.json"))
        conv = ConversationEngine(make_model("offline"), ToolExecutor(engines[kb]), system_prompt())
        for t in turns:
            rec = conv.send(t)
        got = []
        for tc in rec.tool_calls:
            tc = tc if isinstance(tc, dict) else vars(tc)
            if tc.get("name") == "get_benchmark":
                m = re.match(r"get_benchmark: (.+?)(?: —|\n|$)", str(tc.get("content") or ""))
                got.append((json.dumps(tc.get("input")), m.group(1) if m else None))
        hits = [g for _, g in got if g]
        ok = not hits if want is None else any(
            want[0].lower() in g.lower().replace("-", " ") and re.search(r"(?<![\w:])" + re.escape(want[1]) + r"(?![\w:])", g)
            for g in hits)
        score[kb][0] += ok
        score[kb][1] += 1
        if verbose or not ok:
            print("PASS" if ok else "FAIL", f"[{kb}]", want, "|", turns[-1], "|", got, "|", rec.assistant[:160])
    return score


if __name__ == "__main__":
    for kb, (a, b) in run("-v" in sys.argv).items():
        print(f"{kb}: {a}/{b} conversations resolve as expected")
