"""Every eval file's ``Eval()`` call, in one place: the project, the reporter (the gate) and the
timed scorers are the same for all of them. Its own module because :mod:`evals.reporter` imports
:mod:`evals.common`."""
from __future__ import annotations

from typing import Any, Iterable

from braintrust import Eval

from evals.arms import Arm
from evals.common import PROJECT, timed
from evals.reporter import REPORTER


def register(arm: Arm, cases: list, task, scorers: Iterable[Any], trial_count: int, description: str) -> None:
    """Register one experiment (``arm``, from :func:`evals.common.make_arm`) with ``braintrust eval``."""
    Eval(PROJECT, **arm.eval_kwargs(), data=lambda: cases, task=task, scores=timed(scorers),
         trial_count=trial_count, reporter=REPORTER, description=description)
