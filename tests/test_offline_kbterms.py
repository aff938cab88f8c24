"""The KB's own measure words (agent.offline.kbterms) read off its acronym definitions, on both KBs,
and what they change in the plain-domain test of a question — own wording only."""
from __future__ import annotations

from pathlib import Path

from agent.offline.kbterms import _words_of, defining_words, expansions
from agent.offline.passages import plainly_media, shares_words, terms
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]


def test_definitions_spell_out_the_acronym_in_any_of_three_forms():
    text = "The usual cost per click (CPC) moves.\nCTR - Click-through rate. Clicks over impressions.\nCTV (Connected TV) grew."
    assert expansions(text) == {"cpc": "cost per click", "ctr": "Click-through rate", "ctv": "Connected TV"}
    assert expansions("We met (ABC) people") == {}  # no run of words spells it


def test_a_word_in_two_unrelated_definitions_is_the_kbs_and_siblings_count_once():
    for kb in ("kb", "tests/fixtures/kb_txt"):
        words = _words_of(str(ROOT / kb))
        assert "click" in words  # CPC and CTR, in both KBs
        assert not words & set(terms("cost rate share point home"))  # figure words; one definition; siblings


def test_the_kb_word_eases_the_share_of_words_only():
    ours = "do twelve clicks a day from the spring mailing look weak or fine?"
    assert_unseen(ours)
    q = set(terms(ours))
    ps = [{"source": "x.md › Notes", "text": "A spring mailing brings clicks most weeks."}]
    assert q & defining_words() and not plainly_media(ours, q)  # "click": the KB's, not the hand-written list's
    assert shares_words(ours, q, ps, kb_word=True) and not shares_words(ours, q, ps)


def test_a_word_the_kb_never_uses_withholds_the_ease_on_both_kbs(monkeypatch):
    from agent.offline import kbterms
    ours = ["how do I reset the router password after a click on the wrong link?", "are our clicks from signups too low?"]
    assert_unseen(ours)
    for kb in ("kb", "tests/fixtures/kb_txt"):
        monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))  # the KB the tools would serve
        assert not kbterms.eases(set(terms(ours[0])))  # "password", "router": nothing the KB speaks of
        assert kbterms.eases(set(terms(ours[1])))  # "signups" is the KB's "sign-ups"


def test_another_professions_thing_no_passage_names_is_off_topic_whatever_the_scene():
    from types import SimpleNamespace
    from agent.offline import scope
    ours = ["we put $9k a month into ads. when is our payroll tax due?", "we put $9k a month into ads. how is it paced?"]
    assert_unseen(ours)
    found = [SimpleNamespace(passages=[{"text": "Pace the monthly budget evenly across weekdays."}])]
    assert scope.other_trade(ours[0], found) and not scope.other_trade(ours[1], found)
    taxed = [SimpleNamespace(passages=[{"text": "Payroll tax is due each quarter."}])]
    assert not scope.other_trade(ours[0], taxed)  # a KB that names it answers it


def test_a_question_that_uses_no_planning_word_is_declined_not_quoted_with_a_note():
    from agent.offline.gaps import _planning
    ours = ["What's Pinterest's stock worth today?", "what's one click over there cost, give or take?"]
    assert_unseen(ours)
    assert not _planning(ours[0]) and _planning(ours[1])  # "click": the KB's measure word
