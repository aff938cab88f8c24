"""``python -m evals`` — run the Braintrust evals with configuration given as flags.

    python -m evals                              # = braintrust eval [--no-send-logs] evals/
    python -m evals --preset hybrid-rrf --trials 3 evals/eval_conversations.py
    python -m evals --gate 0.97                  # exits 1 when the composite is below 0.97
    python -m evals --sweep                      # + every retrieval preset and the packing arms
    python -m evals --preset bm25 --baseline <experiment name|id|run id>   # diff against that arm
    python -m evals --kb my_kb --datasets my_goldens --weights my_weights.json
    python -m evals bootstrap --kb my_kb --out my_goldens   # draft goldens to review (evals.bootstrap)
    python -m evals feedback-to-goldens                     # draft goldens from /bad feedback (evals.feedback_goldens)

Flags become the environment variables the eval files read (declared and validated in
:mod:`evals.settings`; an invalid value stops the command with one line naming it) and are
recorded in the experiment metadata and the local record. Logs go to Braintrust only when
``BRAINTRUST_API_KEY`` is set (or ``--send-logs``); otherwise ``--no-send-logs`` is added.
Paths (KB, datasets, weights, index, results) resolve in :mod:`evals.paths`; they are checked
before the run, and a missing one is reported in one line naming the flag.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATH_FLAGS = ("results_dir", "kb", "datasets", "weights", "index")  # made absolute: braintrust may change cwd


def prog() -> str:
    return "python -m evals" if sys.argv[0].endswith("__main__.py") else Path(sys.argv[0]).name or "mpa-eval"


def eval_files(files: list[str]) -> list[str]:
    """Directories expanded to their ``eval_*.py`` files. ``braintrust eval`` skips every file under
    ``site-packages`` when it walks a directory, so an installed harness must name its files."""
    out = []
    for f in files or [str(ROOT / "evals")]:
        p = Path(f)
        if not p.exists():  # a short name: "tools", "eval_tools" or "evals/eval_tools.py" → the packaged file
            stem = p.name.removesuffix(".py").removeprefix("eval_")
            if (ROOT / "evals" / f"eval_{stem}.py").is_file():
                p = ROOT / "evals" / f"eval_{stem}.py"
        out += [str(q) for q in sorted(p.glob("eval_*.py"))] if p.is_dir() else [str(p)]
    return out


class _DirectFileNotice(logging.Filter):
    """Drops braintrust's notice that a file named directly lies outside its include patterns
    (every installed eval file does: they live in site-packages)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "because it was specified directly" not in record.getMessage()


def preflight(files: list[str]) -> list[str]:
    """One line per path problem (KB, datasets and the files the selected evals read, weights)."""
    from evals.paths import PathSettingError, missing_datasets, weights_path

    named = eval_files(files)
    shorts = ", ".join(q.stem.removeprefix("eval_") for q in sorted((ROOT / "evals").glob("eval_*.py")))
    problems = [f"{f}: no such eval file or directory (short names: {shorts})" for f in named if not Path(f).exists()]
    problems += missing_datasets([Path(f).name for f in named if Path(f).exists()])
    try:
        weights_path()
    except PathSettingError as exc:
        problems.append(str(exc))
    return problems


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bootstrap"]:
        from evals.bootstrap import main as bootstrap_main

        return bootstrap_main(argv[1:])
    if argv[:1] == ["feedback-to-goldens"]:
        from evals.feedback_goldens import main as feedback_main

        return feedback_main(argv[1:])
    ap = argparse.ArgumentParser(prog=prog(), description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="eval files or directories, or short names such as `tools` "
                                            "(default: every eval)")
    ap.add_argument("--preset", help="retrieval preset for the agent/tool evals and the gate (MPA_RAG_PRESET)")
    ap.add_argument("--presets", help="comma list of presets eval_retrieval compares (MPA_RETRIEVAL_PRESETS)")
    ap.add_argument("--trials", type=int, help="repeat each case N times (MPA_TRIALS)")
    ap.add_argument("--limit", type=int, help="first N cases of each dataset (MPA_EVAL_LIMIT)")
    ap.add_argument("--gate", type=float, help="gate threshold (MPA_GATE; default in scorers/weights.json)")
    ap.add_argument("--agent", choices=["offline", "anthropic"], help="agent model kind (MPA_AGENT)")
    ap.add_argument("--baseline", help="experiment ids, names or run ids (comma list) each eval diffs against in "
                                       "Braintrust (MPA_BASELINE; default: the latest of the same eval and dataset)")
    ap.add_argument("--sweep", action="store_true", help="also the every-preset retrieval sweep and the packing "
                                                         "arms (MPA_SWEEP=1)")
    ap.add_argument("--results-dir", help="where records go (MPA_RESULTS_DIR)")
    ap.add_argument("--kb", help="knowledge base directory (MPA_KB_DIR; default kb/ in a clone)")
    ap.add_argument("--datasets", help="goldens directory, laid out like datasets/ (MPA_DATASETS)")
    ap.add_argument("--weights", help="weights and gate JSON (MPA_WEIGHTS; default: the packaged scorers/weights.json)")
    ap.add_argument("--index", help="index file (MPA_INDEX; default .index/<kb>-index.json)")
    logs = ap.add_mutually_exclusive_group()
    logs.add_argument("--send-logs", action="store_true", help="log experiments to Braintrust (needs a key)")
    logs.add_argument("--no-send-logs", action="store_true", help="run locally only")
    ap.add_argument("--num-workers", type=int, help="passed to braintrust eval")
    ap.add_argument("--no-progress-bars", action="store_true", help="passed to braintrust eval")
    args = ap.parse_args(argv)
    for flag, env in (("preset", "MPA_RAG_PRESET"), ("presets", "MPA_RETRIEVAL_PRESETS"), ("trials", "MPA_TRIALS"),
                      ("limit", "MPA_EVAL_LIMIT"), ("gate", "MPA_GATE"), ("agent", "MPA_AGENT"),
                      ("results_dir", "MPA_RESULTS_DIR"), ("kb", "MPA_KB_DIR"), ("datasets", "MPA_DATASETS"),
                      ("weights", "MPA_WEIGHTS"), ("index", "MPA_INDEX"), ("baseline", "MPA_BASELINE")):
        v = getattr(args, flag)
        if v is not None:
            os.environ[env] = str(Path(v).expanduser().resolve()) if flag in PATH_FLAGS else str(v)
    if args.sweep:
        os.environ["MPA_SWEEP"] = "1"
    # the files the user named (a directory names none): compare-only evals run when named
    # (evals.common.sweep_requested); braintrust is handed every file, so argv cannot tell
    os.environ["MPA_NAMED_EVALS"] = ",".join(Path(p).name for f in args.files if not Path(f).is_dir()
                                             for p in eval_files([f]))
    from evals.settings import SettingsError, load_settings

    try:
        load_settings()  # every MPA_* variable, flags included: a bad one is one line, before anything runs
    except SettingsError as exc:
        print(f"{prog()}: {exc}", file=sys.stderr)
        return 2
    problems = preflight(args.files)
    if problems:
        for line in problems:
            print(f"{prog()}: {line}", file=sys.stderr)
        return 2
    send = args.send_logs or (bool(os.environ.get("BRAINTRUST_API_KEY")) and not args.no_send_logs)
    bt_args = ["eval"] + ([] if send else ["--no-send-logs"])
    if args.num_workers:
        bt_args += ["--num-workers", str(args.num_workers)]
    if args.no_progress_bars:
        bt_args.append("--no-progress-bars")
    files = eval_files(args.files)
    if not files:
        print(f"{prog()}: no eval_*.py files in {' '.join(args.files)}", file=sys.stderr)
        return 2
    bt_args += files
    logging.getLogger("braintrust.eval").addFilter(_DirectFileNotice())
    from braintrust.cli.__main__ import main as bt_main

    sys.argv = ["braintrust", *bt_args]  # the reporter reads the command's files and --filter from argv
    try:
        ret = bt_main(bt_args)
    except SystemExit as exc:  # braintrust eval exits 1 when a reporter fails
        return int(exc.code or 0)
    return 1 if ret else 0


if __name__ == "__main__":
    sys.exit(main())
