"""Later turns the offline agent declined although its knowledge base answers them (h_rules27), on kb/ and on
plain-text KBs, in wordings written for these tests:

* everyday words for the trade's (mpa/everyday.json): a roadside "sign" is out-of-home, "follow them around" is
  retargeting, "how often should a home see it" is frequency per household, a retailer's "sponsored" results are
  retail media — and a question pointing back ("… a sign by the highway. how would we tell if it brought anyone
  in?") keeps the concept its story named (agent/offline/glossscene.py);
* "why is that missing?" after a decline, and "says who?" after a rule, searched as what the last answer named
  (agent/offline/absentwhy.py);
* the business's own place is no gap of a national benchmark (agent/offline/homeplace.py), whoever fills the form
  (agent/offline/doerprice.py), however its label is quoted (agent/offline/quotednames.py).
"""
from __future__ import annotations

import pytest

from tests.offline_turns import turns


def _concepts(text: str) -> set[str]:
    from mpa.everyday import glosses
    return {g.concept for g in glosses(text)}


@pytest.mark.parametrize("text, concept, named", [
    ("we want to rent a roadside sign by the interstate", "out-of-home", True),
    ("we put up a sign near the freeway exit", "out-of-home", True),
    ("that's a good sign for the launch", "out-of-home", False),
    ("how many people sign up after a demo?", "out-of-home", False),
    ("how often should each home see the spot?", "frequency", True),
    ("how often should we report to the owner?", "frequency", False),
    ("can our ads follow those shoppers around afterwards?", "retargeting", True),
    ("the grocer sells sponsored listings in its app", "retail media", True),
    ("is a sponsored post on instagram worth it?", "retail media", False),
])
def test_everyday_trade_words_name_their_concept(text, concept, named):
    assert (concept in _concepts(text)) is named


def test_the_business_place_is_scene_and_an_asked_place_is_not():
    from agent.offline.homeplace import home, not_home
    said = "We run two bike shops around Tulsa. What should a lead cost us?"
    assert home(said) == {"Tulsa"} and not_home(said, ["Tulsa", "Acme"]) == ["Acme"]
    assert home("We run two bike shops. What does a lead cost around Tulsa?") == set()
    assert home("We run a bike shop in Tulsa. What does a lead cost in Tulsa?") == set()


def test_quoted_labels_and_any_person_price_a_form_fill():
    from agent.offline.doerprice import priced
    from agent.offline.quotednames import unquote
    assert unquote("each dad who sends our 'ask a question' form?") == "each dad who sends our form?"
    assert unquote("the kids' menu and the 'Summer Deal' page") == "the kids' menu and the Summer Deal page"
    assert unquote("someone said it has to be 'SMART'") == "someone said it has to be 'SMART'"
    assert [p for _, p in priced("what do we pay for each dad who submits our contact form?")] == ["cost per contact form fill"]
    assert [p for _, p in priced("what do we pay every time a homeowner completes the quote form?")] == ["cost per quote form fill"]
    assert priced("what should we pay for each time that works?") == []


def test_why_missing_and_says_who_are_read_only_after_their_answer():
    from agent.offline.absentwhy import asked, asks_source, asks_why_absent, lacked
    decline = "The knowledge base does not contain an education ROAS benchmark — the education table covers CAC"
    assert lacked(decline) == "education ROAS" and lacked("The knowledge base does not contain information that answers") == ""
    assert asks_why_absent("why isn't that in there?") and not asks_why_absent("why does CPM rise in Q4?")
    assert asked("why isn't that in there?", ("q", decline, [])) == "why is education ROAS not covered, left out?"
    assert asked("why isn't that in there?", ("q", "Based on Knowledge Base [x#1]: …", [])) == ""
    assert asks_source("who decided that? what's the logic") and not asks_source("what's the CPM on tiktok?")


def _last(engine, messages, monkeypatch, folder=None):
    if folder:
        monkeypatch.setenv("MPA_KB_DIR", folder)
    return turns(engine, messages)[-1][0]


@pytest.mark.parametrize("messages, cited, unsaid", [
    (["we have two tire shops and a 20k monthly budget",
      "thinking of renting a big roadside sign on the highway. how would we tell if it brought anyone in?"],
     "[channel-ooh#", "does not contain"),
    (["we run a car dealership", "what return on ad spend should we expect?", "how come there's no number for that?"],
     "[benchmarks-methodology#", "does not contain information"),
    (["we sell running shoes online and spend 40k a month on google and meta",
      "my boss wants to move most of the google budget over to meta next week. ok?", "according to whom? why is that important?"],
     "BUD-SHIFT", "does not contain"),
    (["we make hot sauce and have 8k for streaming tv", "how often should the same home see the spot?"],
     "CH-CTV-FREQ3", "does not contain"),
    (["I run marketing for 6 pediatric dental practices near Raleigh. What do we pay per lead?",
      "and to actually land a new patient family?"], "CAC", "CPL"),
    (["I run marketing for 6 pediatric dental practices near Raleigh. About what should we expect to pay for each mom "
      "who completes our 'request a visit' form?"], "$40–$90", "Raleigh"),
])
def test_later_turns_answered_on_kb(shipped_engine, monkeypatch, messages, cited, unsaid):
    answer = _last(shipped_engine, messages, monkeypatch)
    assert cited in answer and unsaid not in answer


def test_why_missing_on_a_plain_text_kb(kb_txt6_engine, monkeypatch):
    from conftest import ROOT
    answer = _last(kb_txt6_engine, ["we sell fitness franchises", "what does a podcast cost per listen?",
                                    "how come there's no number for that?"], monkeypatch, str(ROOT / "tests/fixtures/kb_txt6"))
    assert "[video_audio_and_screen_delivery#" in answer and "does not contain" not in answer


def test_home_place_and_quoted_label_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    from conftest import ROOT
    answer = _last(kb_txt2_engine, ["We run a pest control company with 3 trucks around Spokane. Roughly what should we "
                                    "pay for each homeowner who fills out our 'book an inspection' form?"],
                   monkeypatch, str(ROOT / "tests/fixtures/kb_txt2"))
    assert "$48-57" in answer and "Spokane" not in answer and "Books" not in answer


def test_retail_media_in_everyday_words_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    """kb_txt keeps no retail media figures and says so: "sponsored listings" at a grocer reach that statement."""
    from conftest import ROOT
    answer = _last(kb_txt_engine, ["we sell protein bars through a regional grocer",
                                   "the grocer offers sponsored listings in its app. how do we read whether they work?"],
                   monkeypatch, str(ROOT / "tests/fixtures/kb_txt"))
    assert "[glossary_and_methodology#" in answer and "retail media" in answer


def test_a_split_infinitive_asks_its_own_metric_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    """"and to actually land a new client?" after a click price asks the cost of a customer, not the click again."""
    from conftest import ROOT
    from agent.offline.splitinfinitive import joined
    assert joined("and to actually land a new client?") == "and to land a new client?"
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests/fixtures/kb_txt2"))
    calls = turns(kb_txt2_engine, ["we sell payroll software to small firms. what does a click cost us?",
                                   "and to actually land a new client?"])[-1][1]
    assert [c.get("metric") for c in calls if "metric" in c] == ["CAC"]
