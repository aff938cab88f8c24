"""What the benchmark tool declares of a KB (its own metrics, :mod:`agent.offline.kbmetrics`; its own verticals and
platforms, :mod:`agent.offline.kblabels`) is read on every model call — and the evals play their cases in threads.
A reader in one thread must never meet the declaration half rebuilt by another thread's call: before, ``declare``
emptied the lists and refilled them, so a thread reading in between saw no KB-own names for that call (or a dict
changing size while it iterated it) and answered otherwise than the same turn played alone."""
from __future__ import annotations

import sys
import threading
import time

from agent.offline import kblabels, kbmetrics

TOOLS = [{"name": "get_benchmark", "input_schema": {"properties": {
    "metric": {"description": "The metric. This knowledge base also states its own: CPB (cost per booking); "
                              "view rate; ACOS; average first gift."},
    "vertical": {"description": "The vertical. This knowledge base's own: Holiday rentals, Grooming salons."},
    "platform": {"description": "The platform. This knowledge base's own platforms: Apple Search Ads, Reddit."}}}}]


def test_a_declaration_is_read_whole_while_another_thread_declares_it_again():
    kbmetrics.declare(TOOLS)
    kblabels.declare(TOOLS)
    full = kblabels.declared()
    assert kbmetrics.acronyms() == {"ACOS"} and "Holiday rentals" in kblabels.labels() and len(full) >= 6
    seen: set = set()
    errors: list[BaseException] = []
    stop = time.monotonic() + 0.3

    def redeclare():
        while time.monotonic() < stop:
            kbmetrics.declare(TOOLS)
            kblabels.declare(TOOLS)

    def read():
        try:
            while time.monotonic() < stop:
                seen.add(kblabels.declared())
                seen.add(("acronyms", *sorted(kbmetrics.acronyms())))
                seen.add(("named", *kbmetrics.named_in("what's our CPB and the view rate?")))
        except BaseException as exc:  # noqa: BLE001 - a dict changing size mid-iteration is the failure
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # hand the GIL over as often as possible: the window between emptying and refilling
    try:
        threads = [threading.Thread(target=redeclare), *(threading.Thread(target=read) for _ in range(2))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
        kbmetrics.declare(None)
        kblabels.declare(None)
    assert not errors, errors
    assert seen == {full, ("acronyms", "ACOS"), ("named", (11, "cost per booking"), (23, "view rate"))}, seen


def test_no_tools_declare_nothing():
    kbmetrics.declare(TOOLS)
    kblabels.declare(TOOLS)
    kbmetrics.declare(None)
    kblabels.declare(None)
    assert kblabels.declared() == () and kbmetrics.acronyms() == set() and kblabels.labels() == ()
