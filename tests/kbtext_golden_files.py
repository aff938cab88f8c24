"""File-level golden checks shared by the plain-text fixture KBs' tests (kb_txt2, kb_txt3): each KB's
test keeps its own reading of its lists (a row checker), and these drive that checker over a goldens
file and prove it can fail — so a fixture test cannot pass by checking nothing."""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Callable

from tests import kbtext_goldens as kg

AUD_FIELDS = {"id", "audience_type", "geography", "expected_source", "expected_size", "expected_size_text",
              "tags", "why"}


def benchmark_file_errors(data: Path, check: Callable[[dict], list], rows_min: int, tags_min: dict) -> list[str]:
    """``benchmarks.jsonl`` has ``rows_min`` rows, ``tags_min[tag]`` rows of each tag, and no row ``check`` rejects."""
    rows = kg.load(data, "benchmarks.jsonl")
    errors = [f"benchmarks.jsonl: {len(rows)} rows < {rows_min}"] if len(rows) < rows_min else []
    errors += [f"benchmarks.jsonl: fewer than {n} rows tagged {tag!r}" for tag, n in tags_min.items()
               if kg.tagged(rows, tag) < n]
    return errors + [e for row in rows for e in check(row)]


def benchmark_checker_misses(data: Path, check: Callable[[dict], list], is_label: Callable[[str], object],
                             other_platform: str, present: tuple[str, str, str], sentence_platform: str) -> list[str]:
    """What ``check`` fails to reject among goldens spoiled five ways: a wrong value, a dropped fact, a
    fact on ``other_platform``, an absent row for a pair the KB states (``present``: vertical, metric,
    platform), an ambiguous row missing the fact a sentence states on ``sentence_platform``."""
    rows = kg.load(data, "benchmarks.jsonl")
    ambiguous = next(r for r in rows if "ambiguous" in r["tags"])
    wrong_value, dropped, wrong_platform = (copy.deepcopy(ambiguous) for _ in range(3))
    wrong_value["expected_facts"][0]["value"] = "$99.99"
    dropped["expected_facts"] = dropped["expected_facts"][1:]
    wrong_platform["expected_facts"][0]["platform"] = other_platform
    absent = copy.deepcopy(next(r for r in rows if "absent" in r["tags"] and is_label(r["vertical"])))
    absent["vertical"], absent["metric"], absent["platform"] = present
    sentence = copy.deepcopy(next(r for r in rows if "sentence" in r["tags"] and "ambiguous" in r["tags"]))
    sentence["expected_facts"] = [f for f in sentence["expected_facts"] if f["platform"] != sentence_platform]
    cases = (("a wrong value", wrong_value, "not stated"), ("a dropped fact", dropped, "lists more facts"),
             ("another platform", wrong_platform, "not stated"), ("a present pair", absent, "tagged absent, but"),
             ("a sentence's fact", sentence, "a sentence states"))
    return [f"the benchmark checker missed {what}" for what, row, says in cases if not any(says in e for e in check(row))]


def figure_places(text: str, figure_text: str) -> list[str]:
    """The lines and sentences of ``text`` that state ``figure_text`` as a whole number."""
    figure = re.compile(rf"(?<![\d.,]){re.escape(figure_text)}(?![\d,])")
    return [ln for ln in text.splitlines() if figure.search(ln)] + [s for s in kg.sentences(text) if figure.search(s)]


def retrieval_and_abstain_errors(data: Path, texts: dict, retrieval_min: int, paraphrase_min: int,
                                 abstain_min: int) -> list[str]:
    """``retrieval.jsonl`` (≥ ``retrieval_min`` rows, ``paraphrase_min`` paraphrases, 2 multi-hop) and
    ``abstain.jsonl`` (≥ ``abstain_min`` rows) pass the shared checks."""
    retrieval, abstain = kg.load(data, "retrieval.jsonl"), kg.load(data, "abstain.jsonl")
    errors = [f"{what}: too few rows" for what, ok in (
        ("retrieval", len(retrieval) >= retrieval_min), ("paraphrase", kg.tagged(retrieval, "paraphrase") >= paraphrase_min),
        ("multi-hop", kg.tagged(retrieval, "multi-hop") >= 2), ("abstain", len(abstain) >= abstain_min)) if not ok]
    return errors + kg.retrieval_errors(retrieval, texts) + kg.abstain_errors(abstain)


def assert_scenarios_hold(data: Path, texts: dict, value_is_stated: Callable[[str, str, str], bool],
                          audience_is_stated: Callable[[str, int], bool]) -> None:
    """At least two scenarios, each holding only KB figures and right arithmetic, and a checker that
    rejects a spoiled one."""
    def check(name: str, sc: dict) -> list[str]:
        return kg.scenario_errors(name, sc, texts, value_is_stated, audience_is_stated)

    assert len(list((data / "scenarios").glob("*.json"))) >= 2
    assert kg.scenario_file_errors(data, check) == []
    kg.assert_scenario_checker_catches(data, check)


def size_next_to(texts: dict, place: str, size: int) -> bool:
    """Some line names ``place`` and states ``size`` as "436,000", "2.62M", "0.34M" or "610k"."""
    forms = {f"{size:,}", f"{size / 1e6:.1f}M", f"{size / 1e6:.2f}M", f"{size // 1000}k"}
    return any(place in ln and any(f in ln for f in forms) for text in texts.values() for ln in text.splitlines())


def fixture(name: str) -> tuple[Path, dict[str, str]]:
    """(goldens folder, {file: text}) of the fixture KB ``tests/fixtures/<name>``."""
    fixtures = Path(__file__).resolve().parent / "fixtures"
    return fixtures / f"{name}_datasets", kg.read_kb(fixtures / name)
