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
from agent.offline.reader import _amounts, _illustration, _matches, _units, extract
from tests.test_offline_meaning import meaning, needs_encoder  # noqa: F401 (the encoder-on fixture)
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
FORMULA_LEAD = "When two mailing lists share a base, the merged size is:"
MERGE = ("how do we merge two mailing lists without double counting anyone?", "we spend $9k a month on it",
         "merge three mailing lists")
PRICE_ASK = "how different are daytime and overnight radio spots in cost?"
GIFT_ASK = "can we send gift cards to our clinic's patients as a thank-you? anything to watch out for"
SURE_ASK = "does the tenth flyer drop pull in shoppers as cheaply as the first one did?"
WORTH_ASK = "when is a billboard worth booking for the launch at all?"
LAG_ASK = "how long should a pilot last when buyers take a month to convert?"
POSTER_ASK = "which figure should the poster tally use, raw footfall or something else?"
WALK_ASK = "the council halved our poster grant. walk me through how such a trim gets done"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(MERGE, PRICE_ASK, GIFT_ASK, SURE_ASK, FORMULA_LEAD, WORTH_ASK, LAG_ASK, POSTER_ASK, WALK_ASK)


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


def _sec(pid: str, heading: str, body: str) -> dict:
    """A retrieved passage holding one section."""
    return {"id": pid, "source": f"{pid.split('#')[0]}.md › {heading}", "text": f"### {heading}\n\n{body}"}


RADIO = [_sec("r#1", "Daytime versus overnight spots", "Keep daytime and overnight radio spots in separate buys: "
              "daytime spots reach commuters, overnight spots reach few listeners."),
         _sec("r#4", "Spot cost ranges", "| Daypart | Price per spot |\n|---|---|\n| Daytime | $400–$900 |\n"
              "| Overnight | $40–$120 |")]


def test_asking_how_different_in_cost_wants_the_figures():
    got = extract(PRICE_ASK, RADIO, 3)
    assert "[r#4]" in got and "$40–$120" in got


CLINIC = [_sec("c#3", "Sensitive lists", "Health, money troubles and children's data carry legal limits and "
               "platform bans. Never upload a list whose existence reveals one, such as a clinic's patients.")]


def test_a_short_section_quoted_from_its_middle_brings_its_lead():
    got = extract("can we upload our clinic's patients as a list?", CLINIC, 3)
    assert "Health, money troubles" in got and "Never upload" in got


BILLBOARDS = [_sec("b#2", "Billboards in a launch", "A launch billboard is booked for four weeks in the city the "
                   "launch targets; booking a billboard for the launch week alone wastes the first days."),
              _sec("b#5", "The billboard entry rule", "A billboard is worth its cost only if the plan can hold it for "
                   "four weeks or more.")]


def test_asking_when_something_is_worth_it_wants_the_condition():
    assert "[b#5]" in extract(WORTH_ASK, BILLBOARDS, 3)


PILOTS = [_sec("p#1", "Pilot length", "A pilot should last at least two weeks, in whole weeks, so each weekday "
               "appears in it, whatever buyers take."),
          _sec("p#2", "The buying-cycle rule", "A pilot judged on purchases lasts at least twice the median conversion "
               "lag of its buyers, and a month at the least.")]


def test_convert_meets_conversion():
    assert _matches({"convert", "omit"}, {"convers", "omiss"}) == {"convert"}  # -t / -sion, same length only
    assert not _matches({"cast"}, {"cass"}) and not _matches({"convert"}, {"convey"})
    assert "[p#2]" in extract(LAG_ASK, PILOTS, 3)


TALLY = [_sec("t#1", "Which figure to tally", "- **Raw footfall** is easiest but counts passers-by twice.\n"
              "- **Dwell count** weighs who stopped.\n- **Coupon returns** are the figure a poster tally should use: "
              "a coupon ties the poster to a sale, unlike raw footfall.")]


def test_a_list_quoted_with_a_gap_gets_the_items_between():
    got = extract(POSTER_ASK, TALLY, 3)
    assert "Raw footfall" in got and "Dwell count" in got and "Coupon returns" in got


TRIM_CASE = [_sec("g#3", "Worked example: halving a poster budget",
                  "A town spends $8,000 a quarter on posters and the grant is halved to $4,000. The planner drops "
                  "the sites with the fewest coupon returns first. Check: $8,000 − $4,000 = $4,000 kept. The two "
                  "station sites stay untouched. Because the weakest sites went first, returns fall by less than "
                  "half.")]


def test_a_walk_through_quotes_the_whole_worked_case():
    got = extract(WALK_ASK, TRIM_CASE, 3)
    assert "fewest coupon returns" in got and "station sites stay untouched" in got and "less than half" in got


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


def test_meaning_weighs_every_close_contender(monkeypatch):
    """Five sections within reach on words are all compared by meaning: the fifth, nearest in meaning, wins."""
    from agent.offline import sectionmeaning
    by = {(0, "a"): 10.0, (1, "b"): 9.8, (2, "c"): 9.6, (3, "d"): 9.4, (4, "e"): 9.2, (5, "f"): 4.0}
    sections = {k: [type("U", (), {"rank": k[0], "heading": k[1], "path": k[1], "text": k[1]})()] for k in by}
    monkeypatch.setattr(sectionmeaning, "similarities", lambda q, texts: [0.9 if t.endswith("e") else 0.2 for t in texts])
    got = sectionmeaning.blend("which one?", sections, by)
    assert max(got, key=got.get) == (4, "e") and got[(5, "f")] == 4.0


SKI_ASK = "should the winter ski trips get their budget in the winter?"
SKI = [_sec("k#1", "Trip pacing in a campaign", "Each trip of a campaign is a burst of spend; pace the budget across the "
            "trip so the winter trips of a campaign do not spend out early, and keep the budget for each trip."),
       _sec("k#2", "Ski holidays: the book-ahead rule", "The rule for ski holidays: schedule the heaviest spend by "
            "booking date. Skiers book months before they travel. Prices rise with bookings. Keep reminders running "
            "until the booking season closes.")]


def test_a_word_collision_far_in_meaning_gives_way_to_the_near_section(monkeypatch):
    """"trips" of travellers meet "trips" of a campaign: the words' winner is far in meaning (below FAR)
    while the other clears NEAREST by GAP — it answers, quoted whole (the words cannot pick its sentences)."""
    from agent.offline import sectionmeaning
    monkeypatch.setattr(sectionmeaning, "similarities",
                        lambda q, texts: [0.55 if "Ski holidays" in t else 0.2 for t in texts])
    got = extract(SKI_ASK, SKI, 3)
    assert "[k#2]" in got and "heaviest spend by booking date" in got and "Keep reminders running" in got
    monkeypatch.setattr(sectionmeaning, "similarities",
                        lambda q, texts: [0.45 if "Ski holidays" in t else 0.35 for t in texts])
    assert "[k#1]" in extract(SKI_ASK, SKI, 3)  # no clear margin: the words decide
