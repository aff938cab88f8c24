"""A new user's probe of the offline agent on kb_txt4, kb_txt5 and kb_txt6 (session 31): the general rules its wrong
answers led to, each checked on the KB where it was found and on another KB, in wordings of our own."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

FIX = Path(__file__).resolve().parent / "fixtures"


def _each_says(monkeypatch, asked: dict, engines: dict) -> None:
    """Each KB's question (``asked``: KB folder → (question, what its answer must say)) asked on its engine, alone."""
    assert_unseen([q for q, _ in asked.values()])
    for kb, engine in engines.items():
        monkeypatch.setenv("MPA_KB_DIR", str(FIX / kb))
        question, said = asked[kb]
        (a, _), = turns(engine, [question])
        assert said in a, (kb, a)

TWO_PART = {
    "kb_txt6": "How much is one eligible applicant for a public school district, and what applicant-to-hire rate do "
               "transit operators get?",
    "kb_txt4": "What does a booked appointment run for a chiropractor, and what's their Google CPC?",
    "kb": "What CPL should a B2B SaaS company expect, and what's the Google Ads CPC for an online store?",
}


def test_each_part_keeps_its_own_business_and_platform(monkeypatch, kb_txt6_engine, kb_txt4_engine, shipped_engine):
    """Two figures asked in two parts were the cross product of the message's metrics, its first business and every
    platform it named: the second business was never looked up (kb_txt6 answered the school district's hire rate for
    transit operators), and the platform of one part was put on the other (kb_txt4: "no chiropractor cost per booked
    appointment on Google Ads", where the KB keeps it blended)."""
    assert_unseen(TWO_PART.values())
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt6"))
    (a, calls), = turns(kb_txt6_engine, [TWO_PART["kb_txt6"]])
    assert "$41-49" in a and "14%" in a and "18-22%" not in a
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt4"))
    (a, calls), = turns(kb_txt4_engine, [TWO_PART["kb_txt4"]])
    assert "$42-55" in a and "$3.10-3.55" in a and "no chiropractor" not in a.lower()
    monkeypatch.delenv("MPA_KB_DIR")
    (a, calls), = turns(shipped_engine, [TWO_PART["kb"]])
    looked = [(c.get("vertical"), c.get("metric"), c.get("platform")) for c in calls if "metric" in c]
    assert ("saas", "CPL", None) in looked and ("ecommerce", "CPC", "Google Ads") in looked
    assert not [x for x in looked if x[:2] in {("ecommerce", "CPL"), ("saas", "CPC")}]


NEW_FIGURE = {
    "kb_txt6": ("How much does a completed view cost on Vevo?",
                "What candidate-to-signing rate do hair salon franchises see?", "5.5-6.5%"),
    "kb_txt4": ("What view-through rate does Snapchat get?",
                "And what does a demo cost an email security vendor?", "$430-510"),
}


def test_a_new_figure_after_a_platform_keeps_no_platform(monkeypatch, kb_txt6_engine, kb_txt4_engine):
    """After a figure looked up by platform alone, a question of another figure for a business was looked up "on" that
    platform, where the KB keeps it blended: "no hair salon franchises candidate-to-signing rate … not for 'Vevo'".
    "And for a mobile game?" (the same figure, one business) still keeps the platform."""
    assert_unseen([m for v in NEW_FIGURE.values() for m in v[:2]], "And which for a mobile game?")
    for kb, engine in (("kb_txt6", kb_txt6_engine), ("kb_txt4", kb_txt4_engine)):
        monkeypatch.setenv("MPA_KB_DIR", str(FIX / kb))
        first, second, figure = NEW_FIGURE[kb]
        (_, _), (a, calls) = turns(engine, [first, second])
        assert figure in a and not [c for c in calls if c.get("platform")]
    (_, _), (a, calls) = turns(kb_txt6_engine, ["Which cost per install does Liftoff charge?", "And which for a mobile game?"])
    assert "$3.60-4.20" in a and any(c.get("platform") == "Liftoff" for c in calls)


BY_QUANTITY = {
    "kb_txt6": ("What view rate does a 30-second skippable spot get?", "27-33%"),
    "kb_txt5": ("What completion rate does Twitch get on a 30 second ad?", "88-92%"),
}


def test_a_row_named_by_its_quantity(monkeypatch, kb_txt6_engine, kb_txt5_engine):
    """A list by ad length ("- 30-Second Skippable: 27-33%", "- 30 Seconds: 88-92%") asked for by its quantity, written
    small: the quote gave the list's highest and lowest rows and not the one asked (kb_txt6), or nothing at all, because
    "Twitch" was said only by the section's heading and "completion" only by its sentences (kb_txt5)."""
    _each_says(monkeypatch, BY_QUANTITY, {"kb_txt6": kb_txt6_engine, "kb_txt5": kb_txt5_engine})


def test_quantities_a_question_names_a_row_by():
    from agent.offline import namedrow
    assert namedrow.amounts("what about a 6 second bumper and 60 seconds?") == {"6 second", "60 second"}
    assert namedrow.amounts("with $20k over 3.5 months at 12% margin") == {"3.5 month"}
    assert namedrow._holds("30 second", "30-Second Skippable: 27-33%") and namedrow._holds("30 second", "30 Seconds: 9%")
    assert not namedrow._holds("30 second", "130 Seconds: 9%") and not namedrow._holds("30 second", "Note: 30 seconds")


def test_greeting_names_the_served_kbs_own_steps(kb_txt4_engine, kb_txt6_engine, shipped_engine):
    """The greeting offered "the MPA-10 planning steps" on every KB; a KB whose workflow is eight gates (kb_txt4) or seven
    milestones (kb_txt6) is offered its own, as its step tool declares them; kb/ keeps its framework's name. A "how's it
    going?" or a well-wish after the hello is small talk too (both were searched and answered "no information")."""
    hello, wish = "Hey, morning! How's it going?", "Hello, hope your week is going well!"
    assert_unseen(hello, wish)
    for said in (hello, wish):
        (a4, calls), = turns(kb_txt4_engine, [said])
        assert not calls and "eight planning gates" in a4 and "MPA-10" not in a4
        (a6, calls), = turns(kb_txt6_engine, [said])
        assert not calls and "seven planning milestones" in a6 and "MPA-10" not in a6
        (a, calls), = turns(shipped_engine, [said])
        assert not calls and "the MPA-10 planning steps" in a


def test_a_question_after_a_pleasantry_is_still_asked():
    from agent.offline import scope
    from agent.offline.parse import parse
    for said in ("hope you're well! which gate signs off the budget?", "hi, how's it going? what CPC do car washes pay?"):
        assert not scope.chat(said, parse(said).smalltalk)
    assert scope.chat("hiya, how is your morning going?", parse("hiya, how is your morning going?").smalltalk)


def test_a_platforms_price_said_in_prose_is_quoted(monkeypatch, kb_txt4_engine, kb_txt6_engine):
    """A platform the KB lists for one figure (Waze Ads: cost per store visit) and prices in prose for another ("Waze Ads
    impressions cost $2.00-3.50 per thousand"): the look-up by platform found no list's CPM, and every search passage was
    then withheld as if it were another platform's figure, so the answer was "no information". A passage naming the
    platform is its own; one that does not name it still yields (kb_txt6: Mercado Ads lists CPC only, no CPM anywhere)."""
    waze, dsp, mercado = ("What do Waze Ads impressions cost per thousand?",
                          "How much do Amazon DSP streaming TV impressions run?", "What's the CPM on Mercado Ads?")
    assert_unseen(waze, dsp)
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt4"))
    (a, _), = turns(kb_txt4_engine, [waze])
    assert "$2.00-3.50" in a and "no Waze Ads CPM" not in a
    (a, _), = turns(kb_txt4_engine, [dsp])
    assert "$31.00-37.00" in a
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt6"))
    (a, _), = turns(kb_txt6_engine, [mercado])
    assert "does not contain a Mercado Ads CPM" in a and "MX$" not in a


NAMES_A_FILE = {
    "kb_txt4": ("What's the right way to size the audience?", "size it with the counts in"),
    "kb_txt6": ("How do we set the total budget and lay it over the calendar?", "Set the total budget from the ceiling cost"),
}


def test_a_step_sentence_naming_another_document_is_still_quoted(monkeypatch, kb_txt4_engine, kb_txt6_engine):
    """A step's own instruction that names the document to use ("size it with the counts in
    state_and_lander_audiences.txt or the platform planners, and pair it with one offer") was dropped whole whenever that
    document was among the passages found (as a pointer deferring to it), so "how do I size my audience?" was answered
    with the gate's owner and its failure rule only. An instruction says more than where to look: it stays."""
    _each_says(monkeypatch, NAMES_A_FILE, {"kb_txt4": kb_txt4_engine, "kb_txt6": kb_txt6_engine})


def test_a_short_pointer_to_another_document_still_defers():
    from agent.offline.sectionunits import _without_mention
    assert _without_mention("Budget.txt gives the splits by objective.", "budget.txt") == ""
    told = "Set the budget from the goal, then lay it over the month with the pacing curve that budget.txt draws for you."
    assert _without_mention(told, "budget.txt") == told  # an instruction naming what to work from: the step's own
    stated = "With the review cadence described in budget.txt, one move of up to a fifth of a channel stays inside it."
    assert _without_mention(stated, "budget.txt") == ""  # a statement about the other document defers to it


def test_a_figure_asked_at_an_age(monkeypatch, kb_txt5_engine, shipped_engine):
    """kb_txt5 states ROAS at two cohort ages: "the day-30 cohort ROAS" was looked up as plain ROAS, both ages came back
    unlabelled, and "and day 180?" gave the same two again. The age said before the metric goes with it, and figures
    at several ages each say theirs; on kb/ (one ROAS) an age changes nothing."""
    asked, then, bare = ("Which day-30 cohort ROAS does a craft distillery see?", "And day 180?",
                         "Which ROAS do coworking spaces see?")
    assert_unseen(asked, bare, "What's the 30-day ROAS for an online store?")
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt5"))
    (a30, _), (a180, _) = turns(kb_txt5_engine, [asked, then])
    assert "1.4-1.7x" in a30 and "3.2-3.6x" not in a30 and "3.2-3.6x" in a180 and "1.4-1.7x" not in a180
    (a, _), = turns(kb_txt5_engine, [bare])
    assert "(day-30 cohort): 0.8-1.0x" in a and "(day-180 cohort): 4.4-5.0x" in a
    monkeypatch.delenv("MPA_KB_DIR")
    (a, _), = turns(shipped_engine, ["What's the 30-day ROAS for an online store?"])
    assert "2.5x–4.0x" in a


def test_ages_said_before_a_metric():
    from agent.offline.agedmetric import aged
    assert aged("what's the 7-day CTR on search?", ["CTR"]) == ["7-day CTR"]
    assert aged("week 4 retained users rate", ["retained users rate"]) == ["week 4 retained users rate"]
    assert aged("CPC over the last 30 days", ["CPC"]) == ["CPC"] and aged("day-7 retention", ["day-7 retention"]) == [
        "day-7 retention"]


TIME_POINT = {
    "kb_txt4": ("What should spending look like by day 10 of the month?", "By the end of day 10, spend should sit"),
    "kb_txt5": ("What's the week 2 spend band?", "by the end of week 2, 45-52%"),
}


def test_the_rule_for_the_point_in_time_asked(monkeypatch, kb_txt4_engine, kb_txt5_engine):
    """Pacing thresholds by day ("by the end of day 10 …", "by the end of day 20 …") share every word the reader
    weighs; asked for day 10, kb_txt4 quoted the day 20 rule and the two after it. The sentence saying the point asked
    is quoted, not another day's in its place (kb_txt5's weeks, all in one sentence, still come whole)."""
    _each_says(monkeypatch, TIME_POINT, {"kb_txt5": kb_txt5_engine, "kb_txt4": kb_txt4_engine})
    (a, _), = turns(kb_txt4_engine, [TIME_POINT["kb_txt4"][0]])  # (served kb_txt4, asked last above)
    assert "day 20" not in a


def test_time_points_pick_one_sentence():
    from types import SimpleNamespace as U
    from agent.offline.timepoint import picked
    units = [U(text=t, pos=i) for i, t in enumerate(["By day 7 spend 20%.", "By day 14 spend 45%.", "Caps move 15% a day."])]
    assert [u.pos for u in picked("what's the band at day 7?", units[1:], units)] == [0, 2]
    assert picked("and at 30 days?", units[1:], units) == units[1:]  # no sentence says it: as chosen
    assert picked("pacing by day 7 and day 14?", units[1:], units) == units[1:]  # two points: as chosen


def test_a_step_is_called_by_the_kbs_own_word(monkeypatch, kb_txt4_engine, kb_txt6_engine, shipped_engine):
    """Asked "what happens at gate 3?", the answer opened "Step 3 (Market selection):" — a word the KB never uses for
    its gates. Each KB's step is named as it calls its steps; kb/'s are still steps."""
    asked = {"kb_txt4": ("What happens at gate 3?", "Gate 3 (Market selection):"),
             "kb_txt6": ("What happens at milestone 2?", "Milestone 2 (What one result is worth):")}
    _each_says(monkeypatch, asked, {"kb_txt4": kb_txt4_engine, "kb_txt6": kb_txt6_engine})
    monkeypatch.delenv("MPA_KB_DIR")
    assert_unseen("What happens at step 2?")
    (a, _), = turns(shipped_engine, ["What happens at step 2?"])
    assert a.startswith("Step 2 (Unit economics):")
