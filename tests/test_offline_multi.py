"""General rules of the offline agent for turns that carry figures of several kinds (a head count
of the business beside a price question, a budget change before a purchase count, two metrics at
once) — each on wording of its own (a test below checks it is in no dataset), so a rule that only
fit a test set's phrasing fails here."""
from __future__ import annotations

import json
from pathlib import Path

from agent.offline import parse

ROOT = Path(__file__).resolve().parents[1]
_SETS = ("datasets/scenarios", "tests/fixtures/paraphrase/scenarios", "tests/fixtures/paraphrase_holdout/scenarios",
         "tests/fixtures/paraphrase_holdout2/scenarios", "tests/fixtures/kb_txt_datasets/scenarios")


def _roles(text: str) -> list[str | None]:
    return [n.role for n in parse(text).numbers]


def test_running_a_business_states_a_count_not_a_price():
    assert _roles("we run 4 bakeries; what's a fair price per click?") == ["count"]
    assert _roles("they run 12 gyms across the state") == ["count"]
    assert _roles("our CPC runs about $3.40, fine?") == ["price:CPC"]     # a price still runs
    assert _roles("a lead runs us $55") == ["price"]


_OWN = ["we run 4 bakeries", "they run 12 gyms", "our cpc runs about $3.40", "a lead runs us $55"]


def test_this_wording_is_not_dataset_wording():
    texts = " ".join(json.dumps(json.load(open(p))) for folder in _SETS
                     for p in (ROOT / folder).glob("*.json")).lower()
    for phrase in _OWN:
        assert phrase not in texts, phrase
