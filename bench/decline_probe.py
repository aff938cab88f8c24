"""Does the offline agent decline only what the knowledge base cannot answer?

Why: a wrong decline ("the knowledge base does not contain information that answers this question") loses a
turn as surely as a wrong figure, and the checks that decide it (the reader's relevance checks, the scope and
uncovered-business checks) were written against the project's own wording. This probe asks questions written
far from the KBs' headings, in an owner's words — ``answer``: the documents that answer it — and questions the
KB cannot answer (a business, metric, place or audience it does not cover; an off-topic question sharing one of
its words; a request for the assistant's instructions) — ``decline: true``. Each question is a fresh
conversation on its ``kb``.

It prints, per question, whether the agent declined (the ``abstention`` scorer's own test,
:func:`scorers.text.abstains`; for an answerable question, only when it also cites nothing) and which documents it
cited, then the counts: answerable questions answered
from an expected document / answered from another / declined, and must-decline questions declined / answered.

    python bench/decline_probe.py [bench/decline_probe.jsonl] [-v]
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.engine import ConversationEngine  # noqa: E402
from agent.offline import OfflineAgent  # noqa: E402
from mpa.engine import build_engine  # noqa: E402
from mpa.tools import ToolExecutor  # noqa: E402
from scorers.text import abstains, cited_ids  # noqa: E402


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    path = Path(next((a for a in argv if not a.startswith("-")), ROOT / "bench" / "decline_probe.jsonl"))
    probes = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    engines: dict[str, object] = {}
    counts: Counter = Counter()
    for pr in probes:
        kb = pr["kb"]
        if kb not in engines:
            engines[kb] = build_engine(ROOT / kb)
        conv = ConversationEngine(OfflineAgent(), ToolExecutor(engines[kb]), max_tool_rounds=3)
        turn = conv.send(pr["q"])
        text = turn.assistant if hasattr(turn, "assistant") else str(turn)
        docs = sorted({c.split("#")[0] for c in cited_ids(text)})
        # an answer quoting a passage beside a "has nothing on …" note answers (the scorer's test for an answerable
        # question); a decline quotes nothing
        declined = abstains(text) and (pr.get("decline") or not docs)
        if pr.get("decline"):
            verdict = "decline/declined" if declined else "decline/ANSWERED"
        elif declined:
            verdict = "answer/DECLINED"
        else:
            verdict = "answer/right-doc" if set(docs) & set(pr["answer"]) else "answer/OTHER-doc"
        counts[verdict] += 1
        print(f"{verdict:18} {kb.split('/')[-1]:5} | {pr['q'][:90]} | cites {','.join(docs) or '-'}")
        if verbose:
            print("    " + text[:300].replace("\n", " "))
    print("\n" + " ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
