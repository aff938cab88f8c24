"""``python -m evals`` — run the Braintrust evals with configuration given as flags.

    python -m evals                              # = braintrust eval [--no-send-logs] evals/
    python -m evals --preset hybrid-rrf --trials 3 evals/eval_conversations.py
    python -m evals --gate 0.97                  # exits 1 when the composite is below 0.97

Flags become the environment variables the eval files read (see :mod:`evals.common`) and are
recorded in the experiment metadata and the local record. Logs go to Braintrust only when
``BRAINTRUST_API_KEY`` is set (or ``--send-logs``); otherwise ``--no-send-logs`` is added.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evals", description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="eval files or directories (default: evals/)")
    ap.add_argument("--preset", help="retrieval preset for the agent/tool evals and the gate (MPA_RAG_PRESET)")
    ap.add_argument("--presets", help="comma list of presets eval_retrieval compares (MPA_RETRIEVAL_PRESETS)")
    ap.add_argument("--trials", type=int, help="repeat each case N times (MPA_TRIALS)")
    ap.add_argument("--limit", type=int, help="first N cases of each dataset (MPA_EVAL_LIMIT)")
    ap.add_argument("--gate", type=float, help="gate threshold (MPA_GATE; default in scorers/weights.json)")
    ap.add_argument("--agent", choices=["offline", "anthropic"], help="agent model kind (MPA_AGENT)")
    ap.add_argument("--results-dir", help="where records go (MPA_RESULTS_DIR)")
    logs = ap.add_mutually_exclusive_group()
    logs.add_argument("--send-logs", action="store_true", help="log experiments to Braintrust (needs a key)")
    logs.add_argument("--no-send-logs", action="store_true", help="run locally only")
    ap.add_argument("--num-workers", type=int, help="passed to braintrust eval")
    args = ap.parse_args(argv)
    for flag, env in (("preset", "MPA_RAG_PRESET"), ("presets", "MPA_RETRIEVAL_PRESETS"), ("trials", "MPA_TRIALS"),
                      ("limit", "MPA_EVAL_LIMIT"), ("gate", "MPA_GATE"), ("agent", "MPA_AGENT"),
                      ("results_dir", "MPA_RESULTS_DIR")):
        v = getattr(args, flag)
        if v is not None:
            os.environ[env] = str(v)
    send = args.send_logs or (bool(os.environ.get("BRAINTRUST_API_KEY")) and not args.no_send_logs)
    bt_args = ["eval"] + ([] if send else ["--no-send-logs"])
    if args.num_workers:
        bt_args += ["--num-workers", str(args.num_workers)]
    bt_args += args.files or [str(ROOT / "evals")]
    from braintrust.cli.__main__ import main as bt_main

    sys.argv = ["braintrust", *bt_args]  # the reporter reads the command's files and --filter from argv
    try:
        ret = bt_main(bt_args)
    except SystemExit as exc:  # braintrust eval exits 1 when a reporter fails
        return int(exc.code or 0)
    return 1 if ret else 0


if __name__ == "__main__":
    sys.exit(main())
