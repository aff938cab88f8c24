"""The reader's section and sentence choice (agent.offline.reader, passages, sectionmeaning) on
wording of our own and on hand-written passages, checked to be in no seen data set: a formula in a
code block is read with the lead announcing it; "two lists" counts, it states no figure; a rule is no
illustration because its chunk also holds one; "how different … in cost" asks for figures; a short
section quoted from its middle brings its lead sentence; a worked example found by meaning gives
way to the rule it illustrates. The same rules are exercised on both knowledge bases."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline.passages import units
from agent.offline.reader import _amounts, _illustration, _units, extract
from tests.test_offline_meaning import meaning, needs_encoder  # noqa: F401 (the encoder-on fixture)
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
FORMULA_LEAD = "When two mailing lists share a base, the merged size is:"
MERGE = ("how do we merge two mailing lists without double counting anyone?", "we spend $9k a month on it",
         "merge three mailing lists")
PRICE_ASK = "how different are daytime and overnight radio spots in cost?"
GIFT_ASK = "can we send gift cards to our clinic's patients as a thank-you? anything to watch out for"
SURE_ASK = "does the tenth flyer drop pull in shoppers as cheaply as the first one did?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(MERGE, PRICE_ASK, GIFT_ASK, SURE_ASK, FORMULA_LEAD)


def test_a_formula_in_a_code_block_is_one_unit_with_its_lead():
    text = f"### Merging lists\n\n{FORMULA_LEAD}\n\n```\nMerged = A + B − (A ∩ B)\n```\n\nIndependent lists overlap by A × B ÷ Base."
    got = [u.text for u in units(text)]
    assert got[0] == f"{FORMULA_LEAD} Merged = A + B − (A ∩ B)." and len(got) == 2


def test_small_counts_are_no_figures_to_work():
    assert not _amounts(MERGE[0]) and not _amounts(MERGE[2])
    assert _amounts(MERGE[1]) and _amounts("is a 12.5 frequency too high") and _amounts("cut 20%")


def test_a_rule_sharing_its_chunk_with_a_worked_example_is_not_the_example():
    text = ("#### Cost of the next shopper\n\nThe next shopper costs more than the average one.\n\n"
            "#### Worked example: a flyer drop\n\nA second drop of 5,000 flyers brought 40 shoppers.")
    ps = {"id": "f#2", "source": "f.md › Shoppers › Cost of the next shopper + Worked example: a flyer drop",
          "text": text}
    rule, example = _units([ps])
    assert not _illustration(rule) and _illustration(example)
    assert rule.outline == "Shoppers › Cost of the next shopper"


RADIO = [{"id": "r#1", "source": "radio.md › Daytime versus overnight spots",
          "text": "### Daytime versus overnight spots\n\nKeep daytime and overnight radio spots in separate buys: "
                  "daytime spots reach commuters, overnight spots reach few listeners."},
         {"id": "r#4", "source": "radio.md › Spot cost ranges",
          "text": "### Spot cost ranges\n\n| Daypart | Price per spot |\n|---|---|\n| Daytime | $400–$900 |\n"
                  "| Overnight | $40–$120 |"}]


def test_asking_how_different_in_cost_wants_the_figures():
    got = extract(PRICE_ASK, RADIO, 3)
    assert "[r#4]" in got and "$40–$120" in got


CLINIC = [{"id": "c#3", "source": "crm.md › Sensitive lists",
           "text": "### Sensitive lists\n\nHealth, money troubles and children's data carry legal limits and "
                   "platform bans. Never upload a list whose existence reveals one, such as a clinic's patients."}]


def test_a_short_section_quoted_from_its_middle_brings_its_lead():
    got = extract("can we upload our clinic's patients as a list?", CLINIC, 3)
    assert "Health, money troubles" in got and "Never upload" in got


@needs_encoder
def test_by_meaning_the_rule_answers_rather_than_its_worked_example(meaning):
    text = ("#### Cost of the next shopper\n\nEach extra shopper a flyer drop brings in costs more than the "
            "average one, because the easiest households respond first.\n\n"
            "#### Worked example: a second flyer drop\n\nA first drop of 5,000 flyers brought 60 shoppers; a "
            "second drop of 5,000 brought 35, so each extra shopper cost nearly twice as much.")
    ps = [{"id": "s#6", "source": "f.md › Shoppers › Cost of the next shopper + Worked example: a second flyer drop",
           "text": text}]
    got = extract(SURE_ASK, ps, 3)
    assert got is None or "easiest households" in got


@pytest.mark.parametrize("kb", ["kb", "tests/fixtures/kb_txt"])
def test_every_unit_of_both_knowledge_bases_reads_as_text(kb):
    """A code fence never becomes a unit of its own, on either knowledge base."""
    for f in (ROOT / kb).iterdir():
        if f.suffix in (".md", ".txt"):
            assert not [u for u in units(f.read_text(encoding="utf-8")) if u.text.strip().startswith("```")]
