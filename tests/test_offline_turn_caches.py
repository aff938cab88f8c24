"""The per-turn caches of the speed pass give a fresh reading whenever what they are keyed on changes: a turn's searches
(agent.offline.turnform, behind searchq.form) under another KB or after another previous turn, and the terms a
definition question asks (agent.offline.definition.asked_terms) under another KB — each equal to the uncached reading."""
from __future__ import annotations

from agent.offline import definition
from agent.offline.searchq import form
from agent.offline.toolread import ToolOutcome

_HANDBOOK = """RETENTION HANDBOOK
--------------------------------------------------------------------------------
SECTION 1 - TERMS
--------------------------------------------------------------------------------
Lapsed buyer - A customer who has placed no order in the last twelve months.
Win-back offer - A discount sent to a lapsed buyer to bring them back.
--------------------------------------------------------------------------------
SECTION 2 - MAILINGS
--------------------------------------------------------------------------------
Send the win-back offer once a quarter and stop after two tries.
"""
_PRICES = "# Prices\n\n| Item | Price |\n|---|---|\n| Banner | $40 |\n| Video | $90 |\n"


def _kbs(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "handbook.txt").write_text(_HANDBOOK)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "prices.md").write_text(_PRICES)
    return str(tmp_path / "a"), str(tmp_path / "b")


def test_a_turns_searches_are_formed_afresh_under_another_kb(tmp_path, monkeypatch):
    q = "how should we treat a customer with no order in twelve months?"
    glossary, prices = _kbs(tmp_path)
    seen = []
    for kb in (glossary, prices, glossary):
        monkeypatch.setenv("MPA_KB_DIR", kb)
        got = form(q).queries
        assert got == form.__wrapped__(q).queries
        seen.append(got)
    assert seen[0][-1].endswith("Lapsed buyer") and not any("Lapsed" in s for s in seen[1]) and seen[2] == seen[0]


def _previous(heading: str) -> tuple:
    passage = {"id": "playbook.md#1", "source": f"playbook.md › {heading}", "text": f"## {heading}\n\nA rule of the playbook, stated."}
    return ("what does the playbook say about it?", "Based on Knowledge Base [playbook.md#1]: A rule of the playbook, stated.",
            [ToolOutcome("search_knowledge_base", {"query": "playbook"}, "", False, passages=[passage])])


def test_a_turns_searches_follow_the_previous_turn_it_leans_on(tmp_path, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", _kbs(tmp_path)[1])  # a small KB: its explanations are read at once
    follow = "and for video?"
    first, second = _previous("Creative rotation"), _previous("Frequency capping")
    a, b = form(follow, first), form(follow, second)
    assert a.topic != b.topic and "rotation" in a.topic.lower() and "capping" in b.topic.lower()
    assert (a, b) == (form.__wrapped__(follow, first), form.__wrapped__(follow, second))
    a.queries.append("changed by its caller")  # each caller has its own list
    assert form(follow, first).queries == form.__wrapped__(follow, first).queries
    second[2][0].passages[0]["text"] = first[2][0].passages[0]["text"]  # an outcome changed after a call: read anew
    assert form(follow, second).topic == a.topic == form.__wrapped__(follow, second).topic


def test_the_terms_a_definition_asks_are_read_afresh_under_another_kb(tmp_path, monkeypatch):
    glossary, prices = _kbs(tmp_path)
    for kb in (glossary, prices):
        monkeypatch.setenv("MPA_KB_DIR", kb)
        for q in ("what's a lapsed buyer, in plain words?", "sorry — what does win-back offer mean?"):
            assert definition.asked_terms(q) == definition._terms_asked(q)
    got = definition.asked_terms("what is a lapsed buyer?")
    got.append("changed by its caller")  # each caller has its own list
    assert definition.asked_terms("what is a lapsed buyer?") == ["lapsed buyer"]


def test_a_reading_kept_with_the_similarity_on_is_not_served_with_it_off():
    """Every per-message cache keys on readingstate.key(): switching the meaning similarity off (a place or a
    business read by meaning) is a new key, so nothing read with it on is handed out with it off."""
    import importlib

    from agent.offline import readingstate, semantic
    parse_mod = importlib.import_module("agent.offline.parse")  # the module (the package exports its function)

    text = "we run two guest ranches near a lake, what should a booking cost us?"
    was_off = semantic.switched_off()
    kept = readingstate.key()
    parse_mod.parse(text)
    semantic.disable(not was_off)  # the switch flipped, whichever way it stood
    try:
        assert readingstate.key() != kept
        before = parse_mod._parsed.cache_info().misses
        parse_mod.parse(text)
        assert parse_mod._parsed.cache_info().misses == before + 1  # read afresh, not the kept reading
    finally:
        semantic.disable(was_off)
    assert readingstate.key() == kept


def test_the_declared_names_follow_each_declaration_and_a_reading_is_shared_a_parse_is_not():
    """kblabels.declared() is made once per declaration (the same tools: the very same tuple, so every per-message cache
    keyed on it finds its entry) and anew when the tools declare other names; parse() hands out a copy whose lists are
    its own, reading() the kept parse itself."""
    import importlib

    from agent.offline import asidegloss, kblabels
    parse_mod = importlib.import_module("agent.offline.parse")

    def tools(labels: str) -> list[dict]:
        return [{"name": "get_benchmark", "input_schema": {"properties": {"vertical": {
            "description": f"The business. This knowledge base's own: {labels}."}}}}]
    before = kblabels._LABELS, kblabels._PLATFORMS
    try:
        kblabels.declare(tools("Goat Dairies, Hop Farms"))
        first = kblabels.declared()
        kblabels.declare(tools("Goat Dairies, Hop Farms"))
        assert kblabels.declared() is first and "Hop Farms" in first
        kblabels.declare(tools("Goat Dairies"))
        assert "Hop Farms" not in kblabels.declared()
        text = "and a signup, like someone who joins our tasting club?"
        assert asidegloss.without(text) == asidegloss._without.__wrapped__(text, None)  # kept: the same reading
        p, q = parse_mod.parse("we spend 9k a month on 300 leads, good?"), parse_mod.parse("we spend 9k a month on 300 leads, good?")
        assert p is not q and p.numbers is not q.numbers and p.metrics == q.metrics
        p.metrics.append("CTR")
        assert "CTR" not in parse_mod.reading("we spend 9k a month on 300 leads, good?").metrics
        assert parse_mod.reading(p.text) is parse_mod.reading(p.text)
    finally:
        kblabels._LABELS, kblabels._PLATFORMS = before


def test_a_turns_reading_is_kept_for_its_next_call_only_while_all_it_read_is_the_same(monkeypatch):
    """turnread.read keeps the agent's last reading of a message with the slots (the plan's, for the answer's call):
    handed out again only under the same message, history, previous turn and KB — each time equal to a fresh reading,
    as copies no caller's change reaches, the calculation the parse shares with the slots shared again."""
    from agent.offline import ownbiz, turnread
    from agent.offline.policy import _understood
    from agent.offline.recall import remember

    def fresh(text, history, previous):
        mem = remember(history)
        return ownbiz.owned(_understood(text, mem, previous), mem, [h[0] for h in history]), mem

    agent = type("Agent", (), {})()
    bakery, clicks = [("we run a bakery, $5,000 a month for ads", [])], [("we have $10,000 and pay $2 a click: how many clicks?", [])]
    shared = 0
    for kb in ("kb", "tests/fixtures/kb_txt2"):
        monkeypatch.setenv("MPA_KB_DIR", kb)
        for text, history, prev in [("and with $8,000?", clicks, None), ("and with $8,000?", clicks, None),
                                    ("and with $8,000?", bakery, None), ("what CPC should we expect?", bakery, None),
                                    ("what CPC should we expect?", bakery, _previous("Creative rotation"))]:
            p, mem = turnread.read(agent, text, history, prev, _understood)
            want = fresh(text, history, prev)
            assert (p, mem) == want and (p.calc is mem.calc) == (want[0].calc is want[1].calc)
            shared += p.calc is not None and p.calc is mem.calc  # "and with $8,000?": the last division again
            p.metrics.append("changed"), mem.facts.update(budget=-1.0), p.numbers and setattr(p.numbers[0], "value", -1.0)
    assert shared == 4 and "changed" not in agent._turn_read[1].metrics and agent._turn_read[2].facts.get("budget") != -1.0
