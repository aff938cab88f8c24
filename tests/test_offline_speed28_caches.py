"""The speed pass of session 28 (the reading side): a kept restatement is read afresh when any of its inputs or the
KB's declaration changes; the KB's declared metrics are read once per description and still follow a new one; the
short copy of a record is what copy.copy makes (agent.offline.restating, kbmetrics, shallow)."""
import copy

from agent.offline import kbmetrics, kblabels, restating
from agent.offline.memory import Memory
from agent.offline.numbers import Num
from agent.offline.parse import Calc, Parsed
from agent.offline.shallow import copied
from agent.offline.toolread import read_outcome


def _bench(own: str = "", labels: str = "") -> list[dict]:
    props = {"metric": {"description": f"This knowledge base also states its own: {own}." if own else ""},
             "vertical": {"description": f"This knowledge base's own: {labels}." if labels else ""}}
    return [{"name": "get_benchmark", "input_schema": {"properties": props}}]


def test_a_kept_restatement_follows_every_input(monkeypatch):
    asked = []
    monkeypatch.setattr(restating.askedreply, "restated", lambda text, *a: asked.append(text) or f"again: {text}")
    restating._KEPT.clear()
    turn = ("what's a normal cpl for dentists?", [read_outcome("search_knowledge_base", {"query": "cpl"}, "No results.", False)])
    args = ("and 9k?", ["hi"], ["hello"], 9000.0, [turn], (*turn[:1], "It is $40.", turn[1]))
    assert restating.restated(*args) == restating.restated(*args) == "again: and 9k?"
    assert len(asked) == 1  # the second model call of the turn: kept
    other = read_outcome("search_knowledge_base", {"query": "cpl"}, "Other results.", False)
    restating.restated(*args[:4], [(turn[0], [other])], args[5])  # another tool result earlier
    restating.restated(*args[:3], 9000, *args[4:])  # the budget as an int ("9000" not "9000.0")
    kblabels.declare(_bench(labels="Zorbulous Widgets"))  # another KB's names
    try:
        restating.restated(*args)
    finally:
        kblabels.declare(None)
    assert len(asked) == 4
    restating.restated("and 9k?", ["hi"], ["hello"], None, ["not a turn"], None)  # another shape: read, not kept
    restating.restated("and 9k?", ["hi"], ["hello"], None, ["not a turn"], None)
    assert len(asked) == 6


def test_declared_metrics_follow_the_description():
    try:
        kbmetrics.declare(_bench("CPB (cost per booking); cost per consultation"))
        assert kbmetrics.named_in("what's the CPB?") == [(11, "cost per booking")]
        state = kbmetrics.state()
        assert state == (("CPB", "cost per booking"), ("cost per consultation", "cost per consultation"))
        kbmetrics.declare(_bench("CPV (cost per view)"))
        assert kbmetrics.named_in("what's the CPB?") == [] and kbmetrics.state() != state
        kbmetrics.declare(_bench("CPB (cost per booking); cost per consultation"))
        assert kbmetrics.state() == state
    finally:
        kbmetrics.declare(None)
    assert kbmetrics.state() == () and kbmetrics.named_in("what's the CPB?") == []


def test_the_short_copy_is_copy_copy():
    for obj in (Parsed("how many leads?", metrics=["CPL"], numbers=[Num(9.0, 0, 2, True, False)]), Num(9000.0, 9, 12, True, False, "budget"),
                Calc("div", "budget", "price"), Memory(vertical="saas", facts={"budget": 9.0})):
        a, b = copied(obj), copy.copy(obj)
        assert a == b and a is not obj and vars(a) == vars(b) and all(vars(a)[k] is vars(obj)[k] for k in vars(obj))

    class Hooked:
        def __copy__(self):
            return "hooked"
    assert copied(Hooked()) == "hooked" and copied(None) is None


def test_places_are_read_afresh_for_another_declaration(monkeypatch):
    from agent.offline import places
    read = []
    monkeypatch.setattr(places.placemeant, "lower_case", lambda text, found: read.append(text) or [])
    places._geographies.cache_clear()
    first = places.geographies("leads in TX and the Denver DMA?")
    first.append((0, "mutated"))  # a fresh list each time: the kept reading is not changed
    assert places.geographies("leads in TX and the Denver DMA?") == first[:-1] and len(read) == 1
    assert [g for _, g in first[:-1]] == ["TX", "Denver DMA"]
    kblabels.declare(_bench(labels="Zorbulous Widgets"))
    try:
        assert places.geographies("leads in TX and the Denver DMA?") == first[:-1] and len(read) == 2
    finally:
        kblabels.declare(None)
