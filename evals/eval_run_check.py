"""The run check: one trivial experiment whose only job is to make sure the gate runs.

``braintrust eval`` calls the reporter's ``report_run`` only for evaluators that registered; when
*every* other eval file fails to import (an unknown ``MPA_RAG_PRESET`` does that), nothing
registers and the command would exit 0 with no verdict at all. This file imports nothing that
reads settings or datasets, so it always registers, and :mod:`evals.reporter` then fails the
gate with the recorded causes. It is not gated and prints nothing of its own.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from braintrust import Eval  # noqa: E402

from evals.common import PROJECT, guard  # noqa: E402
from evals.reporter import REPORTER, RUN_CHECK  # noqa: E402

with guard(__file__):
    Eval(
        PROJECT,
        experiment_name=RUN_CHECK,
        data=[{"input": "run-check", "expected": None, "metadata": {"case_id": RUN_CHECK}}],
        task=lambda input: input,
        scores=[],
        metadata={"family": RUN_CHECK, "key": RUN_CHECK, "gated": False, "n_cases": 1, "trials": 1},
        reporter=REPORTER,
        description="Makes sure the gate runs even when every other eval file failed to import",
    )
