"""How a run is spread over the xdist workers, and what the workers tell the controller.

The root ``conftest.py`` imports the hooks below by name (so pytest registers them with the conftest);
this module is not a plugin of its own. Three things, all about wall time on few cores:

* Heaviest file first: ``--dist loadfile`` hands out files in collection order. Seconds matter, not test
  counts: a file of four end-to-end runs handed out last leaves one worker busy while the other idles.
* Each test's seconds (setup + call + teardown), kept in pytest's cache for the next run's order. Each
  worker adds up its own and hands them over when it finishes (``workeroutput``), so they are whole
  even though the controller no longer receives every phase's report (below).
* Lean reports: per test a worker sent the controller six messages (``logstart``, a report for setup,
  call and teardown, ``logfinish``, ``runtest_protocol_complete``), each serialised, sent through a pipe
  and read back by a controller thread — ~0.9 ms of CPU per test between the three processes (measured
  on 3,700 empty tests: 7.6 s with two workers against 3.1 s in one process), paid again for ~3,700
  tests on every run, on the same two cores as the tests. A passing setup or teardown that captured
  nothing changes nothing the controller shows (the summary counts the call's outcome), nor does
  ``logstart`` when the terminal prints no test names. A worker leaves those out (~1.3–1.8 s of CPU per
  run measured, ~25 % of that overhead); every failure, error, skip and captured output is still sent.
  With ``-v``, ``--durations`` or ``--junitxml`` — which show or record those phases — everything is sent.
  A test's ``logfinish`` (the terminal's progress column) and the report of a call that passed and captured
  nothing (a dot) also ride in its ``runtest_protocol_complete``, which always follows them, when the controller
  says it unpacks them (:func:`pytest_configure_node`): one message per passing test, not three (~70 µs of CPU
  per message measured on 8,000 empty tests, ~0.8 s a run). A failure, error or skip is still sent at once.
"""
from __future__ import annotations

from typing import Any, Callable

import pytest

SECONDS_KEY = "mpa/test_seconds"
_WORKER_SECONDS = "mpa_test_seconds"  # the key of a worker's seconds in its ``workeroutput``
_CARRIED = "mpa_carried"  # in a worker's ``workerinput``: the controller unpacks what runtest_protocol_complete carries
_seconds: dict[str, float] = {}

# The files that import the anthropic SDK (~1.2 s of CPU in each process that imports it) are one unit,
# so one worker pays that import; so are the files whose reference implementations import scipy.special
# (~0.1 s), and those that serve the REST API (fastapi and uvicorn: ~0.25 s). A file missing from its list
# only costs that import again. (scikit-learn, which imports scipy.stats, is in the slow tests only:
# tests/sklearn_reference.py.)
UNITS = {f"tests/test_{name}.py": unit for unit, names in (
    ("anthropic SDK users", ("anthropic_sdk", "braintrust_service", "default_models", "llm", "modes", "scorers")),
    ("scipy.special users", ("evals", "dense")),
    ("REST API servers", ("pgstore", "serve"))) for name in names}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """The controller gives the next free worker the unit (file, or group of files above) whose tests took
    longest last time (a test not seen before counts 0.05 s), so the last units to run are the small ones."""
    if config.getoption("dist") != "loadfile" or getattr(config, "cache", None) is None:
        return None
    from xdist.scheduler import LoadFileScheduling

    last = config.cache.get(SECONDS_KEY, {})

    class HeaviestFileFirst(LoadFileScheduling):
        """Also cheaper bookkeeping for the controller, which runs both for every test's report: a unit's
        seconds are summed once (its tests never change), and ``_pending_of`` skips the units that are
        done (no test of a finished unit is ever pending again) instead of recounting every unit the
        worker ever had — ~100 units per report, 2,460 reports. A worker's collection finds a test's
        position in a dict (:class:`Positions`) where xdist's ``list.index`` scanned it once per test."""

        _seconds_of: dict[str, float]
        _finished: set[int]

        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return UNITS.get(scope, scope)

        def _assign_work_unit(self, node):
            if not hasattr(self, "_seconds_of"):
                self._seconds_of = {}

            def seconds(scope: str) -> float:
                if scope not in self._seconds_of:
                    self._seconds_of[scope] = sum(last.get(nodeid, 0.05) for nodeid in self.workqueue[scope])
                return self._seconds_of[scope]
            self.workqueue.move_to_end(max(self.workqueue, key=seconds), last=False)
            super()._assign_work_unit(node)

        def add_node_collection(self, node, collection) -> None:
            super().add_node_collection(node, collection)
            if node in self.registered_collections:
                self.registered_collections[node] = Positions(self.registered_collections[node])

        def _pending_of(self, workload) -> int:
            if not hasattr(self, "_finished"):
                self._finished = set()
            pending = 0
            for unit in workload.values():
                if id(unit) not in self._finished:
                    left = list(unit.values()).count(False)
                    if not left:
                        self._finished.add(id(unit))
                    pending += left
            return pending

    return HeaviestFileFirst(config, log)


class Positions(list):
    """A worker's collection (node ids) whose ``index`` is a dict look-up, the first position as ``list.index``
    gives: xdist finds each test's position to send it, ~3,000 comparisons a test on a 5,800-test list
    (~0.13 s of the controller's CPU a run)."""

    def index(self, nodeid, *bounds):  # type: ignore[override]
        if bounds:
            return super().index(nodeid, *bounds)
        if not hasattr(self, "_at"):
            self._at: dict[str, int] = {}
            for i, n in enumerate(self):
                self._at.setdefault(n, i)
        try:
            return self._at[nodeid]
        except KeyError:
            raise ValueError(f"{nodeid!r} is not in the collection") from None


def pytest_runtest_logreport(report):
    """Every process adds up the reports it sees: a worker all of its tests' phases, the controller what
    the workers send (replaced by the workers' own sums when they finish, :func:`pytest_testnodedown`)."""
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration  # setup + call + teardown


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller takes a finished worker's whole seconds (a crashed worker's stay as reported)."""
    _seconds.update((getattr(node, "workeroutput", None) or {}).get(_WORKER_SECONDS) or {})


def keep_seconds(config) -> None:
    """At the end of a session: a worker hands its seconds to the controller; the controller (or a run
    without workers) writes them to pytest's cache for the next run's order."""
    if hasattr(config, "workerinput"):
        output = getattr(config, "workeroutput", None)
        if output is not None:
            output[_WORKER_SECONDS] = dict(_seconds)
        return
    if getattr(config, "cache", None) is None or not _seconds:
        return
    config.cache.set(SECONDS_KEY, {**config.cache.get(SECONDS_KEY, {}), **_seconds})


def shows_every_phase(config) -> bool:
    """Whether this run shows or records each test's setup and teardown, or its name as it starts:
    ``-v`` (names and outcomes line by line), ``--durations``, ``--junitxml``."""
    option = config.option
    return (getattr(option, "verbose", 0) > 0 or getattr(option, "durations", None) is not None
            or bool(getattr(option, "xmlpath", None)))


def unshown(name: str, kwargs: dict[str, Any]) -> bool:
    """A message the controller would receive and show nothing of: ``logstart``, or the report of a
    setup or teardown that passed and captured no output or log (a warning is a message of its own)."""
    if name == "logstart":
        return True
    if name != "testreport":
        return False
    data = kwargs.get("data") or {}
    return data.get("when") in ("setup", "teardown") and data.get("outcome") == "passed" and not data.get("sections")


def lean_reports(config) -> bool:
    """In an xdist worker, leave out the messages :func:`unshown` names (module docstring), unless
    :func:`shows_every_phase`. Wraps the worker's ``sendevent``, the one method xdist sends every event
    through; with an xdist without it nothing changes. True when the worker sends lean reports."""
    if not hasattr(config, "workerinput") or shows_every_phase(config):
        return False
    interactor = next((p for p in config.pluginmanager.get_plugins() if type(p).__name__ == "WorkerInteractor"), None)
    send: Callable[..., None] | None = getattr(interactor, "sendevent", None)
    if send is None:
        return False

    carry = bool(config.workerinput.get(_CARRIED))
    held: dict[str, Any] = {}

    def sendevent(name: str, **kwargs: Any) -> None:
        if unshown(name, kwargs):
            return
        if carry and (name == "logfinish" or (name == "testreport" and a_dot(kwargs))):
            held[name] = kwargs  # sent inside the test's runtest_protocol_complete, next
            return
        if carry and name == "runtest_protocol_complete" and held:
            kwargs = {**kwargs, **held}
            held.clear()
        elif "testreport" in held:  # a teardown's error: the call's dot goes first, as it happened
            send("testreport", **held.pop("testreport"))
        send(name, **kwargs)

    interactor.sendevent = sendevent
    return True


def a_dot(kwargs: dict[str, Any]) -> bool:
    """A call's report that the terminal shows as a dot: it passed and captured nothing."""
    data = kwargs.get("data") or {}
    return data.get("when") == "call" and data.get("outcome") == "passed" and not data.get("sections")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """The controller, as it starts each worker: if its xdist session has the three methods a worker's events
    call, it unpacks a report and a ``logfinish`` carried in ``runtest_protocol_complete`` (:func:`lean_reports`)
    and calls them as the three messages would have, in the same order; it tells the worker so. Otherwise the
    worker sends them on their own, as before."""
    if shows_every_phase(node.config) or not carried(node.config, node.config.pluginmanager.getplugin("dsession")):
        return
    node.workerinput[_CARRIED] = True


def carried(config, dsession) -> bool:
    """Wraps ``dsession.worker_runtest_protocol_complete`` (once) to unpack what it carries first: the report read
    back as xdist reads a ``testreport`` message, then ``logfinish``."""
    complete = getattr(dsession, "worker_runtest_protocol_complete", None)
    report = getattr(dsession, "worker_testreport", None)
    finish = getattr(dsession, "worker_logfinish", None)
    if complete is None or report is None or finish is None:
        return False
    if getattr(complete, "unpacks_carried", False):
        return True

    def worker_runtest_protocol_complete(node, item_index: int, duration: float, testreport: dict | None = None,
                                         logfinish: dict[str, Any] | None = None) -> None:
        if testreport is not None:
            rep = config.hook.pytest_report_from_serializable(config=config, data=testreport["data"])
            if testreport.get("item_index") is not None:
                rep.item_index = testreport["item_index"]
            report(node=node, rep=rep)
        if logfinish is not None:
            finish(node=node, **logfinish)
        complete(node=node, item_index=item_index, duration=duration)

    worker_runtest_protocol_complete.unpacks_carried = True  # type: ignore[attr-defined]
    dsession.worker_runtest_protocol_complete = worker_runtest_protocol_complete
    return True
