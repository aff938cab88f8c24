"""CPU the offline agent spends answering scripted conversations, and every answer it gave.

    python bench/agent_turns.py OUT.json [--only kb,tests/fixtures/kb_txt2] [--repeat 1]
    python bench/agent_turns.py --compare A.json B.json

Why: a change made for speed must leave every answer as it was. The first form plays the scripted user turns
of the seen paraphrase sets (``tests/fixtures/paraphrase*``, on ``kb/``) and of each plain-text fixture KB's own
scenarios (``tests/fixtures/kb_txt*_datasets/scenarios``, on that KB) through the real conversation engine and tool
executor, writes every answer with its tool calls to OUT.json (atomically), and prints the CPU seconds
(``time.process_time``) of the conversations alone — engines are built before timing. Run it twice and read the
second figure: a first run in a fresh checkout also encodes the KB's sections for the agent's meaning ranking.
``--compare`` prints how many answers differ between two runs (exit 1 if any). The sealed paraphrase sets
(``paraphrase_holdout3/8/9/10/13``) are never read.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEALED = {"paraphrase_holdout3", "paraphrase_holdout8", "paraphrase_holdout9", "paraphrase_holdout10",
          "paraphrase_holdout13"}


def conversations() -> list[tuple[str, list[Path]]]:
    """(KB folder relative to the repository, its scenario files): the seen paraphrase sets on kb/, then each
    fixture KB's own scenarios."""
    fixtures = ROOT / "tests" / "fixtures"
    seen = sorted(d for d in fixtures.glob("paraphrase*") if d.is_dir() and d.name not in SEALED)
    jobs = [("kb", [f for d in seen for f in sorted((d / "scenarios").glob("*.json"))])]
    for d in sorted(fixtures.glob("kb_txt*_datasets")):
        kb = d.name[: -len("_datasets")]
        if (fixtures / kb).is_dir():
            jobs.append((f"tests/fixtures/{kb}", sorted((d / "scenarios").glob("*.json"))))
    return jobs


def compare(a_path: str, b_path: str) -> int:
    a, b = (json.loads(Path(p).read_text()) for p in (a_path, b_path))
    differ = [k for k in a if a[k] != b.get(k)]
    print(f"same={len(a) - len(differ)} differing={len(differ)} only_in_one={len(set(a) ^ set(b))}")
    for k in differ[:20]:
        print("DIFF", k, "\n  A:", str(a[k])[:400], "\n  B:", str(b.get(k))[:400])
    return 1 if differ else 0


def run(out: str, only: set[str] | None, repeat: int) -> int:
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    from agent.engine import ConversationEngine
    from agent.models import make_model
    from agent.prompts import system_prompt
    from mpa.engine import build_engine
    from mpa.tools import ToolExecutor
    from rag.config import get_preset

    answers, cpu = {}, {}
    for kb, files in conversations():
        if only and kb not in only:
            continue
        os.environ["MPA_KB_DIR"] = kb  # the agent's whole-KB readers serve the KB the engine indexes, as the evals do
        engine = build_engine(kb, get_preset("hybrid-weighted"), index_path=f".index/bench-{kb.replace('/', '_')}.json")
        convs = [(f, [t["user"] for t in json.loads(f.read_text())["turns"] if t.get("user")]) for f in files]
        start = time.process_time()
        for _ in range(repeat):
            for f, messages in convs:
                conv = ConversationEngine(make_model("offline"), ToolExecutor(engine), system_prompt())
                for i, m in enumerate(messages):
                    turn = conv.send(m)
                    answers[f"{kb}|{f.name}|{i}"] = [turn.assistant, [[c["name"], c["input"]] for c in turn.tool_calls]]
        cpu[kb] = time.process_time() - start
        print(f"{kb}: {len(convs)} conversations, {sum(len(m) for _, m in convs)} turns, {cpu[kb]:.2f} s CPU", flush=True)
    tmp = Path(out).with_suffix(".tmp")
    tmp.write_text(json.dumps(answers, indent=0, sort_keys=True))
    os.replace(tmp, out)
    print(f"TOTAL {sum(cpu.values()):.2f} s CPU over {len(answers)} turns")
    return 0


def main(argv: list[str] | None = None) -> int:
    warnings.simplefilter("ignore")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", help="where to write every answer (JSON)")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), help="count the answers that differ between two runs")
    ap.add_argument("--only", help="comma-separated KB folders to run (kb, tests/fixtures/kb_txt2, …)")
    ap.add_argument("--repeat", type=int, default=1, help="play every conversation this many times (default 1)")
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        ap.error("give OUT.json (or --compare A.json B.json)")
    return run(args.out, set(args.only.split(",")) if args.only else None, max(1, args.repeat))


if __name__ == "__main__":
    sys.exit(main())
