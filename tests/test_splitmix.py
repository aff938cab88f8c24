"""A starting mix per kind of business worked on the user's budget (session 36, from the misses on the blind kb_txt12
and kb_txt14), with phrasings of our own:

* a captioned line of shares ("STARTING MIX: X" over "A 45% | B 25% | …") is one statement the split reader sees
  (:mod:`agent.offline.shareline`), as a mix table read out per column already was;
* "how should that be carved up?", "divvied up", "allocated" divide the amount said, and so does a weekly budget under
  $1,000 said in dollars;
* the split is worked when the reader quoted nothing, or when this turn's search missed the mix a recent turn found
  (a budget raised, "redo that"): :func:`agent.offline.userfigures.ruled` with the recent passages.
"""
from __future__ import annotations

from pathlib import Path

from agent.offline import splitrule, userfigures
from agent.offline.passages import sentences
from tests.unseen_wording import assert_unseen

FIX = Path(__file__).resolve().parent / "fixtures"


def _section(kb: str, name: str, start: str, end: str) -> dict:
    text = (FIX / kb / name).read_text()
    return {"id": f"{name[:-4]}#1", "text": text[text.index(start):text.index(end)]}


TXT12 = ("kb_txt12", "money_splits_and_owner_questions.txt", "A. STARTING", "B. HOUSE")
TXT14 = ("kb_txt14", "weekly_money_guardrails_and_owner_questions.txt", "[money/1]", "[money/2]")
OWN = {"id": "own#1", "text": "FIRST-QUARTER MIX: CORNER FLORIST\nInstagram 50% | Google search 35% | Test money 15%\n\n"
                               "FIRST-QUARTER MIX: NEIGHBOURHOOD BAKERY\nGoogle search 55% | Meta 30% | Test money 15%\n"}
ASKED = ["We have $7,000 a month for ads. How should that be carved up?",
         "we've got $800 a week to play with - how would it be divvied up?"]


def test_a_captioned_line_of_shares_is_one_split_named_for_its_case():
    said = sentences(_section(*TXT12)["text"])
    assert "Pottery wheel studio: Meta: 40%; Google search: 25%; Pinterest: 10%; ClassPass and Eventbrite: 10%; " \
           "Test money: 15%." in said
    assert sentences(OWN["text"])[1] == "Neighbourhood bakery: Google search: 55%; Meta: 30%; Test money: 15%."
    assert sentences("Reach 40% | frequency 3 | CTR 2%") == []  # no split: shares that add up to no whole


def test_the_amount_carved_up_is_worked_on_the_mix_of_the_business_named():
    assert_unseen(ASKED)
    for ps, business, shown in [(_section(*TXT12), "a junk removal outfit", "$7,000 × 30% = $2,100 (Local Services Ads)"),
                                (OWN, "our little bakery", "$7,000 × 55% = $3,850 (Google search)"),
                                (_section(*TXT14), "we run a zip-line course", "$7,000 × 30% = $2,100 (Google Ads)")]:
        out = splitrule.apply(ASKED[0], "", [ps], (business, ""))
        assert out and shown in out, out
        assert splitrule.apply(ASKED[0], "", [ps], ("", "")) is None  # no business named: none guessed
        # a word any business is called by names no case: "our shop" is not kb_txt14's "Shoe repair shop"
        assert splitrule.apply(ASKED[0], "", [ps], ("we own a little shop, a small company", "")) is None
    out = splitrule.apply(ASKED[1], "", [_section(*TXT14)], ("we fix shoes and boots", ""))
    assert out and "$800 × 35% = $280 (Google Ads)" in out, out  # a weekly budget in dollars, under $1,000
    assert splitrule.apply("we got 800 clicks - how were they divvied up?", "", [_section(*TXT14)], ("shoe repair", "")) is None
    # a small amount with "how much" but no dividing said is no split: "which app reaches more for it, by how much?"
    assert splitrule.apply("With $700 a week, does Meta or Nextdoor reach more, and by how much?", "", [_section(*TXT14)],
                           ("we fix shoes and boots", "")) is None


def test_the_mix_a_recent_turn_found_is_worked_when_this_search_missed_it():
    asked = "We have $3,500 a month for ads. How should that be carved up?"
    assert_unseen(asked)
    other = {"id": "other#2", "text": "Start from households for a counter and from people for an outing, then narrow."}
    for ps, business, shown in [(OWN, "corner florist", "$3,500 × 50% = $1,750 (Instagram)"),
                                (_section(*TXT12), "custom tattoo studio", "$3,500 × 45% = $1,575 (Instagram)")]:
        assert userfigures.ruled(asked, "", [other], ("", "", []), None, None, business) in ("", None)
        out = userfigures.ruled(asked, "", [other], ("", "", []), None, None, business, [ps])
        assert out and out.startswith(f"Based on Knowledge Base [{ps['id']}]") and shown in out, out
        # a quote stating no share, from another passage than the split: the split alone answers
        quoted = "Based on Knowledge Base [other#2]: Start from households for a counter and from people for an outing."
        assert userfigures.ruled(asked, quoted, [other, ps], ("", "", []), None, None, business).startswith(
            f"Based on Knowledge Base [{ps['id']}]")


def test_arriving_is_showing_up_and_a_rate_of_it_is_asked_as_how_many_show_up():
    from agent.offline.ownrate import asked
    from mpa.wordkin import kin_metric
    from tests.test_wordkin import _bench
    said = ["of the parties that book, how many turn up on the day?", "Of everyone booking a class, how many arrive for it?"]
    assert_unseen(said)
    assert [[n for _, n in asked(s, ["arrival rate", "cost per booked outing"])] for s in said] == [["arrival rate"]] * 2
    assert [[n for _, n in asked(s, ["show-up rate", "cost per attended trial"])] for s in said] == [["show-up rate"]] * 2
    assert asked("how many parties booked last summer?", ["arrival rate"]) == []
    zip_line = [f for f in _bench("kb_txt14") if f.vertical.lower().startswith("groups who book a zip")]
    assert kin_metric("attendance rate", zip_line) == "arrival rate"
    boxing = [f for f in _bench("kb_txt13") if f.vertical.lower().startswith("boxing")]
    assert kin_metric("arrival rate", boxing) == "show-up rate"


def test_the_top_of_the_range_given_beside_a_platforms_figure(kb_txt14_engine, monkeypatch):
    from agent.offline.memory import _blended
    from tests.offline_turns import answer_to
    said = ["we run zip-line tours. what does one booked outing usually cost us in ads?",
            "with $2,500 for the month, at the top end of that range, how many would we get?"]
    assert_unseen(said)
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt14"))
    assert "$2,500 ÷ $25 = 100" in answer_to(kb_txt14_engine, *said)  # "$17 to $25" (no platform) beside Viator's
    # kb_txt13's lines for a boxing gym: the blended range, not TikTok's one figure; two blended lines: none
    assert _blended([("no platform named (blended)", "$34–48", "", "", "", "b#2"), ("TikTok", "$31", "", "", "", "b#2")]) == (34, 48)
    assert _blended([("no platform named (blended)", "$34–48"), ("no platform named (blended)", "$20–30")]) is None
