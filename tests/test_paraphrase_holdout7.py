"""The seventh held-out paraphrase set (issue 13): scenarios written from the KB alone by a helper who read
neither the offline agent's rules, the resolver, nor any earlier paraphrase set's scenarios, so the
measurement is on wording nobody tuned against. Same checks as the first set
(tests/test_paraphrase_set.py), plus: no user turn repeats one of an earlier set or of datasets/scenarios/,
and every key fact is checked against the sections its turn names (not only the whole source file): each of
its stemmed content words and each number it quotes occurs in one of those sections.
The pass rate is measured and reported in the set's README, never asserted here."""
from __future__ import annotations

import json
import re

from rag.documents import parse_markdown
from tests.test_datasets import _FACT_ANALYZER, KB_TEXTS
from tests.test_paraphrase_set import (FIXTURES, check_repeats_no_user_turn, check_schema_and_kb,
                                       check_size_and_wording, other_sets, scenario_files)

NAME = "paraphrase_holdout7"
FOLDER = FIXTURES / NAME / "scenarios"
MIN_SCENARIOS = 13
MIN_USER_TURNS = 80
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def section_text(source: str, header: str) -> str:
    """The text under ``header`` in ``source``, its subsections included."""
    text = KB_TEXTS[source]
    _, sections = parse_markdown(text, source)
    hits = [s for s in sections if header in s.path]
    return text[min(s.start for s in hits):max(s.end for s in hits)] if hits else ""


def key_fact_errors(folder) -> list[str]:
    errors = []
    for path in scenario_files(folder):
        for t, turn in enumerate(json.loads(path.read_text(encoding="utf-8"))["turns"]):
            exp = turn.get("expect") or {}
            if not exp.get("key_facts"):
                continue
            where = f"{path.stem} turns[{t}]"
            texts = [section_text(s, h) for s in exp.get("sources") or [] for h in exp.get("sections") or []]
            texts = [x for x in texts if x]
            if not texts:
                errors.append(f"{where}: key facts without a section of the turn's sources to check them against")
                continue
            terms = set().union(*(set(_FACT_ANALYZER(x)) for x in texts))
            numbers = set().union(*(set(_NUMBER.findall(x.replace(",", ""))) for x in texts))
            for fact in exp["key_facts"]:
                missing = sorted(set(_FACT_ANALYZER(fact)) - terms)
                if missing:
                    errors.append(f"{where}: key fact {fact!r} has words {missing} outside its sections")
                absent = sorted(set(_NUMBER.findall(fact.replace(",", ""))) - numbers)
                if absent:
                    errors.append(f"{where}: key fact {fact!r} quotes {absent}, not in its sections")
    return errors


def test_holdout7_scenarios_match_the_schema_and_the_kb():
    check_schema_and_kb(FOLDER)


def test_holdout7_key_facts_come_from_their_sections():
    errors = key_fact_errors(FOLDER)
    assert not errors, "\n  ".join(errors)


def test_holdout7_set_size_and_user_wording():
    check_size_and_wording(FOLDER, MIN_USER_TURNS, MIN_SCENARIOS)


def test_holdout7_repeats_no_user_turn_of_an_earlier_set():
    check_repeats_no_user_turn(FOLDER, other_sets(NAME))


def assert_a_made_up_key_fact_is_caught(folder, tmp_path, fact: str, figure: str) -> None:
    """The section check fails on a key fact (``fact``, quoting ``figure``) whose words and figure are not in the turn's
    sections: a set's test calls it on its own folder's first scenario with key facts."""
    path = next(p for p in sorted(folder.glob("*.json"))
                if any((t.get("expect") or {}).get("key_facts") for t in json.loads(p.read_text(encoding="utf-8"))["turns"]))
    sc = json.loads(path.read_text(encoding="utf-8"))
    turn = next(t for t in sc["turns"] if (t.get("expect") or {}).get("key_facts"))
    turn["expect"]["key_facts"] = [fact]
    (tmp_path / path.name).write_text(json.dumps(sc), encoding="utf-8")
    errors = key_fact_errors(tmp_path)
    assert any("outside its sections" in e for e in errors) and any(figure in e for e in errors)


def test_a_key_fact_from_outside_its_section_is_caught(tmp_path):
    assert_a_made_up_key_fact_is_caught(FOLDER, tmp_path, "zebras gallop 987 furlongs", "987")
