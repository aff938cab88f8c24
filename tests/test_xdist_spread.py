"""tests/xdist_spread.py: the heaviest unit first, each test's whole seconds kept, lean worker reports."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests import xdist_spread


def _report(when: str, outcome: str = "passed", sections=()) -> dict:
    return {"data": {"nodeid": "tests/test_x.py::test_a", "when": when, "outcome": outcome,
                     "sections": [list(s) for s in sections], "duration": 0.01}}


def test_only_passing_silent_setups_and_teardowns_and_logstart_are_left_out():
    assert xdist_spread.unshown("logstart", {"nodeid": "n", "location": ("f", 1, "t")})
    assert xdist_spread.unshown("testreport", _report("setup"))
    assert xdist_spread.unshown("testreport", _report("teardown"))
    assert not xdist_spread.unshown("testreport", _report("call"))
    assert not xdist_spread.unshown("testreport", _report("setup", "failed"))  # an error in a fixture
    assert not xdist_spread.unshown("testreport", _report("setup", "skipped"))  # a skip is counted
    assert not xdist_spread.unshown("testreport", _report("teardown", "failed"))
    assert not xdist_spread.unshown("testreport", _report("teardown", sections=[("Captured stdout teardown", "x")]))
    for event in ("logfinish", "runtest_protocol_complete", "workerfinished", "warning_recorded"):
        assert not xdist_spread.unshown(event, {})


class WorkerInteractor:
    """Named as xdist's: the one object that sends a worker's events to the controller."""

    def __init__(self):
        self.sent: list[str] = []

    def sendevent(self, name, **kwargs):
        self.sent.append(name if name != "testreport" else f"{name}:{kwargs['data']['when']}")


def _config(worker: bool = True, **option):
    interactor = WorkerInteractor()
    opts = {"verbose": -1, "durations": None, "xmlpath": None, **option}
    config = SimpleNamespace(option=SimpleNamespace(**opts),
                             pluginmanager=SimpleNamespace(get_plugins=lambda: [object(), interactor]))
    if worker:
        config.workerinput = {"workerid": "gw0"}
    return config, interactor


def _one_test(interactor) -> list[str]:
    for name, kwargs in (("logstart", {}), ("testreport", _report("setup")), ("testreport", _report("call")),
                         ("testreport", _report("teardown")), ("logfinish", {}), ("runtest_protocol_complete", {})):
        interactor.sendevent(name, **kwargs)
    return interactor.sent


def test_a_worker_sends_three_messages_per_passing_test_instead_of_six():
    """Three; one where the controller unpacks the call's dot and ``logfinish`` carried in
    ``runtest_protocol_complete``, which it then handles as the three messages, in their order."""
    config, interactor = _config()
    assert xdist_spread.lean_reports(config)
    assert _one_test(interactor) == ["testreport:call", "logfinish", "runtest_protocol_complete"]

    calls: list[tuple] = []
    session = SimpleNamespace(worker_testreport=lambda **kw: calls.append(("report", kw["node"], kw["rep"])),
                              worker_logfinish=lambda **kw: calls.append(("logfinish", kw)),
                              worker_runtest_protocol_complete=lambda **kw: calls.append(("complete", kw)))
    hook = SimpleNamespace(pytest_report_from_serializable=lambda config, data: SimpleNamespace(**data))
    node = SimpleNamespace(config=SimpleNamespace(option=config.option, hook=hook, pluginmanager=SimpleNamespace(
        getplugin=lambda name: session if name == "dsession" else None)), workerinput={"workerid": "gw0"})
    xdist_spread.pytest_configure_node(node)
    xdist_spread.pytest_configure_node(node)  # a second worker: the session is wrapped once
    config, interactor = _config()
    config.workerinput = node.workerinput
    sent: list[tuple] = []
    interactor.sendevent = lambda name, **kw: sent.append((name, kw))
    assert xdist_spread.lean_reports(config)
    where = {"nodeid": "tests/test_x.py::test_a", "location": ("tests/test_x.py", 3, "test_a")}
    for name, kwargs in (("logstart", where), ("testreport", _report("setup")), ("testreport", _report("call")),
                         ("testreport", _report("teardown")), ("logfinish", where),
                         ("runtest_protocol_complete", {"item_index": 4, "duration": 0.5})):
        interactor.sendevent(name, **kwargs)
    assert [name for name, _ in sent] == ["runtest_protocol_complete"]
    session.worker_runtest_protocol_complete(node="gw0", **sent[-1][1])
    assert [c[0] for c in calls] == ["report", "logfinish", "complete"]
    assert calls[0][1] == "gw0" and vars(calls[0][2]) == _report("call")["data"]
    assert calls[1:] == [("logfinish", {"node": "gw0", **where}),
                         ("complete", {"node": "gw0", "item_index": 4, "duration": 0.5})]
    # a failure is sent at once; a teardown's error after a passing call: the dot first, as it happened
    sent.clear()
    for name, kwargs in (("testreport", _report("call", "failed")), ("testreport", _report("call")),
                         ("testreport", _report("teardown", "failed")), ("logfinish", where),
                         ("runtest_protocol_complete", {"item_index": 5, "duration": 0.1})):
        interactor.sendevent(name, **kwargs)
    assert [(n, kw.get("data", {}).get("when"), kw.get("data", {}).get("outcome")) for n, kw in sent] == [
        ("testreport", "call", "failed"), ("testreport", "call", "passed"), ("testreport", "teardown", "failed"),
        ("runtest_protocol_complete", None, None)]
    assert sent[-1][1] == {"item_index": 5, "duration": 0.1, "logfinish": where}


@pytest.mark.parametrize("option", [{"verbose": 1}, {"durations": 10}, {"xmlpath": "junit.xml"}])
def test_every_phase_is_sent_where_the_run_shows_or_records_it(option):
    config, interactor = _config(**option)
    assert not xdist_spread.lean_reports(config)
    assert len(_one_test(interactor)) == 6


def test_the_controller_and_a_run_without_workers_are_left_alone():
    config, interactor = _config(worker=False)
    assert not xdist_spread.lean_reports(config)
    assert len(_one_test(interactor)) == 6


def test_this_worker_sends_lean_reports(request):
    """The wrapping reaches the installed xdist's own worker object (in a run with workers)."""
    config = request.config
    if not hasattr(config, "workerinput") or xdist_spread.shows_every_phase(config):
        pytest.skip("a run without xdist workers, or one that shows every phase")
    interactor = next(p for p in config.pluginmanager.get_plugins() if type(p).__name__ == "WorkerInteractor")
    assert "sendevent" in vars(interactor)  # the instance's own, wrapping the class's method
    assert config.workerinput.get("mpa_carried")  # the installed xdist's controller unpacks what is carried


def test_the_controller_keeps_each_workers_whole_seconds(monkeypatch):
    seconds = {"tests/test_a.py::t": 0.2}  # the call phase alone, as the controller saw it
    monkeypatch.setattr(xdist_spread, "_seconds", seconds)
    node = SimpleNamespace(workeroutput={"mpa_test_seconds": {"tests/test_a.py::t": 2.5, "tests/test_b.py::t": 0.1}})
    xdist_spread.pytest_testnodedown(node, None)
    assert seconds == {"tests/test_a.py::t": 2.5, "tests/test_b.py::t": 0.1}
    xdist_spread.pytest_testnodedown(SimpleNamespace(), "crashed")  # a crashed worker hands over nothing
    assert seconds == {"tests/test_a.py::t": 2.5, "tests/test_b.py::t": 0.1}


def test_a_worker_hands_its_seconds_over_and_the_controller_caches_them(monkeypatch):
    monkeypatch.setattr(xdist_spread, "_seconds", {})
    for when, duration in (("setup", 2.0), ("call", 0.25), ("teardown", 0.5)):
        xdist_spread.pytest_runtest_logreport(SimpleNamespace(nodeid="tests/test_a.py::t", duration=duration))
    worker = SimpleNamespace(workerinput={}, workeroutput={})
    xdist_spread.keep_seconds(worker)
    assert worker.workeroutput == {"mpa_test_seconds": {"tests/test_a.py::t": 2.75}}

    class Cache(dict):
        def get(self, key, default):
            return super().get(key, default)

        def set(self, key, value):
            self[key] = value

    controller = SimpleNamespace(cache=Cache({xdist_spread.SECONDS_KEY: {"tests/test_b.py::t": 1.0}}))
    xdist_spread.keep_seconds(controller)
    assert controller.cache[xdist_spread.SECONDS_KEY] == {"tests/test_b.py::t": 1.0, "tests/test_a.py::t": 2.75}


class Node:
    def __init__(self, name: str):
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down = False
        self.sent: list[list[int]] = []

    def send_runtest_some(self, indices):
        self.sent.append(list(indices))

    def shutdown(self):
        self.shutting_down = True


def test_the_heaviest_unit_goes_first_and_the_sdk_users_share_one():
    pytest.importorskip("xdist")
    collection = ["tests/test_light.py::a", "tests/test_light.py::b", "tests/test_llm.py::a",
                  "tests/test_heavy.py::a", "tests/test_anthropic_sdk.py::a", "tests/test_mid.py::a"]
    last = {"tests/test_heavy.py::a": 5.0, "tests/test_mid.py::a": 1.0, "tests/test_llm.py::a": 0.6,
            "tests/test_anthropic_sdk.py::a": 0.6, "tests/test_light.py::a": 0.01}
    config = SimpleNamespace(getoption=lambda name: "loadfile", getvalue=lambda name: ["2*popen"],
                             option=SimpleNamespace(loadscopereorder=True),
                             cache=SimpleNamespace(get=lambda key, default: last))
    sched = xdist_spread.pytest_xdist_make_scheduler(config, None)
    first, second = Node("gw0"), Node("gw1")
    for node in (first, second):
        sched.add_node(node)
        sched.add_node_collection(node, collection)
    sched.schedule()
    to_first, to_second = ([sorted(collection[i] for i in batch) for batch in n.sent] for n in (first, second))
    assert to_first[0] == ["tests/test_heavy.py::a"]  # 5 s
    assert to_second[0] == ["tests/test_anthropic_sdk.py::a", "tests/test_llm.py::a"]  # 1.2 s together
    assert to_first[1] == ["tests/test_mid.py::a"]  # then 1 s, and the light file last
    assert to_second[1] == ["tests/test_light.py::a", "tests/test_light.py::b"]
    positions = sched.registered_collections[first]  # the positions sent above were read from a dict
    assert isinstance(positions, xdist_spread.Positions) and list(positions) == collection
    assert xdist_spread.Positions(["a", "b", "a"]).index("a") == 0  # the first, as list.index
    with pytest.raises(ValueError):
        positions.index("tests/test_gone.py::a")
