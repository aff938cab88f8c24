"""The test processes' caches of pure readings (tests/regex_kept.py, tests/kbfacts_kept.py, tests/scenario_kept.py)
give what the reading itself gives: a kept pattern is the pattern a fresh compile makes, a KB's kept facts are the
facts its text reads to — on kb/ and on a plain-text fixture KB — and a scenario's kept problems are the ones the
loader finds, whether computed here or loaded from the file another process wrote."""
from __future__ import annotations

import pickle
import re
from re import _compiler

import pytest

from mpa import facts, lookups
from tests import kbfacts_kept, regex_kept, scenario_kept

PATTERNS = [
    (r"(?P<low>\d+(?:\.\d+)?)\s*(?:-|to)\s*(?P<high>\d+(?:\.\d+)?)\s*%?", 0),
    (r"^\s*#+\s*(.+?)\s*$", re.M),
    (r"\b(?:cost|price)\s+per\s+(\w+)", re.I),
    (r"""(?x) \$ (\d{1,3} (?:,\d{3})*)   # dollars
          (?:\.(\d{2}))?""", 0),
    (rb"[\x00-\x1f]+", 0),
    (r"(?<![\w'-])(?:thru|w/)(?=\s)", re.I | re.S),
]


def test_a_kept_pattern_is_the_pattern_a_fresh_compile_makes():
    original = regex_kept._state.get("original")
    if original is None:
        pytest.skip("patterns are not kept in this run (no pytest cache, or another interpreter)")
    for text, flags in PATTERNS:
        made = _compiler.compile(text, flags)
        again = _compiler.compile(text, flags)  # from the kept opcodes now
        fresh = original(text, flags)
        assert made == again == fresh and again.groupindex == fresh.groupindex and again.flags == fresh.flags
        assert again.findall(text if isinstance(text, str) else text) == fresh.findall(text)
    with pytest.raises(re.error):
        _compiler.compile(r"(unclosed", 0)
    assert (str, "(unclosed", 0) not in regex_kept._state["known"]


def test_the_kept_opcodes_survive_the_file():
    known = regex_kept._state.get("known")
    if not known:
        pytest.skip("patterns are not kept in this run")
    import _sre
    for text, flags in PATTERNS:
        _compiler.compile(text, flags)
        flags_out, code, groups, groupindex, indexgroup = pickle.loads(pickle.dumps(known[(type(text), text, flags)]))
        assert _sre.compile(text, flags_out, code, groups, groupindex, indexgroup) == regex_kept._state["original"](text, flags)


@pytest.mark.parametrize("engine", ["shipped_engine", "kb_txt2_engine"])
def test_kept_facts_are_the_facts_the_kb_reads_to(engine, request, tmp_path):
    docs = tuple(lookups.tables(request.getfixturevalue(engine)).texts.items())
    read = getattr(facts._text_facts, "__wrapped__", facts._text_facts)
    want = [vars(f) for f in read(docs)]
    calls = []

    def counted(d):
        calls.append(d)
        return read(d)

    first = kbfacts_kept.kept(counted, tmp_path)  # the process that reads the KB writes its facts
    assert [vars(f) for f in first(docs)] == want and len(calls) == 1
    other = kbfacts_kept.kept(counted, tmp_path)  # another process loads them
    assert [vars(f) for f in other(docs)] == want and len(calls) == 1
    assert [type(f) for f in other(docs)] == [type(f) for f in read(docs)]
    assert want or engine == "shipped_engine"  # kb/ states its figures in tables (mpa.facts.table_facts)


def test_kept_scenario_problems_are_the_ones_the_loader_finds(tmp_path):
    import copy
    import json

    from agent import scenario

    read = getattr(scenario._known_problems, "__wrapped__", scenario._known_problems)
    path = sorted((scenario_kept.ROOT / "datasets" / "scenarios").glob("*.json"))[0]
    good = json.loads(path.read_text(encoding="utf-8"))
    bad = copy.deepcopy(good)
    bad["turns"][0]["mood"] = "cheerful"  # a field the schema does not know
    bad["expectations"]["must_abstain_turns"] = [99]
    cases = [(repr(good), path.stem), (repr(good), "another-name"), (repr(bad), path.stem), (repr(good), None)]
    want = [read(*case) for case in cases]
    assert not want[0] and want[1] and want[2]  # valid; a wrong file name; schema problems
    calls = []

    def counted(text, stem):
        calls.append(stem)
        return read(text, stem)

    first = scenario_kept.kept(counted, tmp_path)  # the process that validates a scenario writes its problems
    assert [first(*case) for case in cases] == want and len(calls) == len(cases)
    other = scenario_kept.kept(counted, tmp_path)  # another process loads them
    assert [other(*case) for case in cases] == want and len(calls) == len(cases)
