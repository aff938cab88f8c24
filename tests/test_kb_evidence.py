"""The scorers' KB evidence (scorers.kbtables) comes from the facts of every KB format: on the
shipped Markdown KB (tables) and on the plain-text fixture (bullet lists, ``Metric: value``
lines, sentences) a claim stating a KB figure is grounded, the same claim with a wrong figure
is invented, and so is a figure on a platform the KB gives none for."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mpa.facts import kb_facts
from mpa.tables import read_kb_texts
from scorers import grounding

ROOT = Path(__file__).resolve().parents[1]
KBS = {"kb": ("table",), "tests/fixtures/kb_txt": ("list", "metric-line", "sentence")}


def grounded(text: str) -> float:
    """Grounding with no retrieved text: only the KB's structured figures can support a number."""
    return grounding(input="q", output={"response": text, "retrieved": []}, expected={}, metadata={}).score


def claim(f, value: str, platform: str | None = None) -> str:
    platform = platform or f.platform
    return f"The {f.vertical} {f.metric}{' on ' + platform if platform else ''} is {value}."


def wrong(value: str) -> str:
    return re.sub(r"\d+(?:\.\d+)?", lambda m: f"{float(m.group()) * 1.37:.2f}", value)


@pytest.mark.parametrize("kb", sorted(KBS))
def test_every_kb_figure_is_evidence_and_a_wrong_one_is_not(kb, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
    facts = [f for f in kb_facts(read_kb_texts(ROOT / kb))
             if f.kind == "benchmark" and f.vertical and f.metric and f.unit in ("$", "%", "x")]
    assert set(KBS[kb]) <= {f.form for f in facts}, "the KB must state figures in each of its formats"
    bad = [(f.form, claim(f, f.value)) for f in facts if grounded(claim(f, f.value)) != 1.0]
    assert not bad, bad[:5]
    invented = [(f.form, claim(f, wrong(f.value))) for f in facts if grounded(claim(f, wrong(f.value))) != 0.0]
    assert not invented, invented[:5]


def test_a_figure_on_a_platform_the_kb_lacks_is_invented(monkeypatch):
    kb = ROOT / "tests/fixtures/kb_txt"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    facts = [f for f in kb_facts(read_kb_texts(kb)) if f.form == "list" and f.vertical and f.platform == "Meta"
             and f.unit == "$"]
    on = {(g.vertical, g.metric, g.platform) for g in kb_facts(read_kb_texts(kb))}
    f = next(f for f in facts if (f.vertical, f.metric, "TikTok") not in on)
    assert grounded(claim(f, f.value)) == 1.0
    assert grounded(claim(f, f.value, platform="TikTok")) == 0.0


@pytest.mark.parametrize("kb", ["tests/fixtures/kb_txt2", "tests/fixtures/kb_txt3"])
def test_a_figure_is_checked_against_the_platform_named_as_the_kb_writes_it(kb, monkeypatch):
    """A KB's own platform names decide whose figure a claim states, before the vocabulary's: the vocabulary
    reads "search ads" as Google's and does not know "Walmart Connect" (kb_txt2's "Apple Search Ads 2025:
    $3.40-3.90" was checked against the Google row). Each platform's figure, said with its platform, is
    supported; another platform's figure for the same business and metric, said with it, is not."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
    facts = [f for f in kb_facts(read_kb_texts(ROOT / kb))
             if f.kind == "benchmark" and f.vertical and f.metric and f.platform and f.unit in ("$", "%", "x")]
    assert len({f.platform for f in facts}) >= 3, "the KB must state figures for several platforms of its own"
    bad = [claim(f, f.value) for f in facts if grounded(claim(f, f.value)) != 1.0]
    assert not bad, bad[:5]
    swapped = [(f, g) for f in facts for g in facts if (g.vertical, g.metric) == (f.vertical, f.metric)
               and g.platform != f.platform and g.value != f.value]
    assert swapped, "the KB must state one business's metric on two platforms"
    taken = [claim(f, g.value) for f, g in swapped if grounded(claim(f, g.value)) != 0.0]
    assert not taken, taken[:5]


@pytest.mark.parametrize("kb", ["tests/fixtures/kb_txt2", "tests/fixtures/kb_txt3"])
def test_a_business_in_brackets_after_a_figure_names_that_figure(kb, monkeypatch):
    """"from $1.70 (House Cleaning Services) to $8.70-10.10 (Personal Injury Law Firms)": a bracketed name right
    after a figure is its caption, so each figure is checked against its own business's row, not the name that
    ends nearest before it (the previous figure's caption). Swapping the two figures makes both unsupported."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
    facts = [f for f in kb_facts(read_kb_texts(ROOT / kb))
             if f.kind == "benchmark" and f.vertical and f.metric and f.platform and f.unit == "$"]
    pairs = [(f, g) for f in facts for g in facts if (f.metric, f.platform) == (g.metric, g.platform)
             and f.vertical != g.vertical and f.value != g.value and f.vertical < g.vertical]
    assert len(pairs) >= 5, "the KB must state one metric on one platform for several businesses"
    for f, g in pairs[:40]:
        said = f"{f.platform} {f.metric} runs from {f.value} ({f.vertical}) to {g.value} ({g.vertical})."
        swapped = f"{f.platform} {f.metric} runs from {g.value} ({f.vertical}) to {f.value} ({g.vertical})."
        assert grounded(said) == 1.0, said
        assert grounded(swapped) == 0.0, swapped
