"""The offline agent on the ninth stranger plain-text KB's kinds of wording (tests/fixtures/kb_txt9), checked on other
KBs' engines and on metric names written here: each probe miss that led to a general rule."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import turns

FIX = Path(__file__).resolve().parent / "fixtures"


def _declared(*names: str) -> list[dict]:
    desc = "Metric, e.g. CPC. This knowledge base also states its own: " + "; ".join(names) + "."
    return [{"name": "get_benchmark", "input_schema": {"properties": {"metric": {"description": desc}}}}]


def test_a_count_of_the_thing_a_booking_is_for_and_of_a_whole_unit():
    """kb_txt9: "we want 50 trial classes a month" (its "cost per trial class booking": a unit of two words before the
    request word) searched instead of pricing; "40 booked consultations" priced as trial class bookings — the first
    word, "booked", ends "booking" — though the KB declares "cost per booked consultation" word for word."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("cost per lesson plan request", "CPBV (cost per booked viewing)",
                                "cost per open day booking", "cost per demo request"))
    priced = {"open days": "cost per open day booking", "lesson plans": "cost per lesson plan request",
              "booked viewings": "cost per booked viewing", "demos": "cost per demo request", "open windows": None}
    try:
        assert {said: kbmetrics.priced(said) for said in priced} == priced
    finally:
        kbmetrics.declare([])


def test_tee_times_are_what_a_tee_time_booking_prices(monkeypatch, kb_txt5_engine, shipped_engine):
    """kb_txt5's "COST PER TEE TIME BOOKING": "200 tee times a month" is looked up as that metric (it searched); on
    kb/, which declares no metric of its own, a count of leads is still priced by the vocabulary's CPL."""
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt5"))
    (_, calls), = turns(kb_txt5_engine, ["We run a public golf course and need 200 tee times each month. What would that cost?"])
    assert calls and calls[0]["metric"] == "cost per tee time booking"
    monkeypatch.setenv("MPA_KB_DIR", str(FIX.parent.parent / "kb"))
    (a, calls), = turns(shipped_engine, ["We sell B2B SaaS and need 300 leads a month. What budget should we plan?"])
    assert calls and calls[0]["metric"] == "CPL" and "300 ×" in a


def test_a_kept_row_said_in_full_is_the_business(monkeypatch):
    """kb_txt9: "cost per placement test for business english" and "… for summer day camps" searched — a generic first
    word ("business") and a season's ("summer") left no sentence form to name a business, and the rows ("course type:
    Business English", "program type: Summer Day Camps") are kept under a kind of the KB's own, no vertical. Said in
    full, such a row is the business; kb_txt5's "SAT and ACT Prep" (by subject) likewise; one word is not enough."""
    from agent.offline import kbrowname
    from agent.offline.business import business
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt9"))
    assert business("What's the cost per placement test for business english?").phrase == "Business English"
    assert kbrowname.said("trial class costs for summer day camps") == "Summer Day Camps"
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt5"))
    assert kbrowname.said("how much is a trial session for sat and act prep?") == "SAT and ACT Prep"
    assert kbrowname.said("how much is a trial session for music?") is None


def test_the_population_of_a_place_is_sized(monkeypatch, kb_txt_engine, shipped_engine):
    """"What's the population of Otago?" (kb_txt9) and "… of Gauteng?" (kb_txt7) only searched: "population of" was
    a sizing cue but not a question the sizing tool was asked. On kb_txt the Phoenix DMA's count is its answer; on kb/
    the tool is asked too."""
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt"))
    (a, calls), = turns(kb_txt_engine, ["and what's the population of the Phoenix DMA?"])
    assert calls and calls[0].get("geography") == "Phoenix DMA" and "5.1M" in a
    monkeypatch.setenv("MPA_KB_DIR", str(FIX.parent.parent / "kb"))
    (_, calls), = turns(shipped_engine, ["What is the population in Texas these days?"])
    assert calls and calls[0]["audience_type"].startswith("population") and calls[0].get("geography") == "Texas"


def test_a_publisher_of_a_channel_is_a_platform_to_name(monkeypatch, kb_txt3_engine):
    """kb_txt9's "BY STREAMING SERVICE" rows ("- Peacock: $31-37", filed under streaming TV) were no platform the
    agent could name: "CPM on Peacock" and "compare Peacock vs Philo … $20k" searched and declined. kb_txt3's "BY
    PUBLISHER" rows likewise (Tubi, Pluto TV); a row priced by its ceiling ("Tubi: under $15") is worked at it; asked
    for a business, a publisher is its channel's figure — never another publisher's (Roku's solar row for Tubi)."""
    from tests.kbtool import tool_lines
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt3"))
    (a, calls), = turns(kb_txt3_engine, ["what CPM does Tubi charge?"])
    assert any(c.get("platform") == "Tubi" for c in calls) and "under $15" in a
    from agent.offline import rowprice  # "Tubi or Pluto TV for $10,000?": each row worked at its price, or ceiling
    got = rowprice.rows([{"id": "s#0", "text": "STREAMING TV CPM - 2025\nBY PUBLISHER\n- Tubi: under $15 (lowest)\n"
                                             "- Pluto TV: $16.50\n"}])
    assert "Tubi: under $15 (lowest) — at that ceiling, $10,000 ÷ $15 × 1,000 ≈ 666,667" in rowprice.cited(got, 10_000)
    assert "Roku" not in tool_lines(kb_txt3_engine, vertical="Solar Installers", metric="CPM", platform="Tubi")
    from mpa import publisher
    from mpa.facts import kb_facts
    doc = (FIX / "kb_txt9" / "audio_video_and_screens.txt").read_text(encoding="utf-8")
    fs = [f for f in kb_facts([("a.txt", doc)]) if f.kind == "benchmark"]
    assert {"Peacock", "Philo", "SoundCloud"} <= publisher.names(fs)
    swim = [f for f in fs if f.vertical == "Swim Schools"]
    plats, kept = publisher.narrowed(fs, "peacock", set(), swim, False)
    assert [f.value for f in kept] == ["$26-31"]


def test_a_metric_inside_a_longer_declared_name_is_not_asked():
    """"placement-to-enrollment rate" said whole also named "sibling enrollment rate" by its last words ("enrollment
    rate"), and the answer opened with a decline for it; a rate's last words still name it when said alone."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("quote-to-bind rate", "renewal bind rate", "video completion rate"))
    try:
        assert [n for _, n in kbmetrics.named_in("what is the quote-to-bind rate for pet cover?")] == ["quote-to-bind rate"]
        assert [n for _, n in kbmetrics.named_in("and the bind rate?")] == ["renewal bind rate"]
        assert [n for _, n in kbmetrics.named_in("typical completion rate?")] == ["video completion rate"]
    finally:
        kbmetrics.declare([])


def test_an_own_metric_of_one_business_is_that_business_figure(monkeypatch, kb_txt7_engine, kb_txt5_engine):
    """kb_txt9's "What's the sibling enrollment rate?" (a swim school profile's line) searched and declined: the
    "one business only" note named the vocabulary's metrics alone. kb_txt7's term life "underwriting approval rate"
    and kb_txt5's logistics "meeting-to-contract rate" likewise; a metric also stated by rows of no vertical (kb_txt7's
    "cost per qualified grower lead", by product line) is not one business's."""
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt7"))
    (a, calls), = turns(kb_txt7_engine, ["so what's the underwriting approval rate?"])
    assert calls[0].get("vertical") == "Term Life Insurance" and "78%" in a
    assert "grower lead (" not in _metric_desc(kb_txt7_engine)
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt5"))
    (a, calls), = turns(kb_txt5_engine, ["What is the meeting-to-contract rate?"])
    assert calls[0].get("vertical") == "B2B Logistics" and "9-12%" in a


def _metric_desc(engine) -> str:
    from mpa.tools import ToolExecutor
    return next(t for t in ToolExecutor(engine).definitions() if t["name"] == "get_benchmark")["input_schema"][
        "properties"]["metric"]["description"]


def test_a_lead_in_to_a_formula_line_is_one_unit():
    """kb_txt9's Move 2: "… then keep half of it as the ceiling:" over a plain line "Ceiling_Cost_Per_Visit = …":
    the lead ends in a colon and the formula in no sentence end, so both were dropped and "how do I work out the
    ceiling cost per visit?" was answered without the one sentence that says how. Read with its formula lines, as
    kb/'s markdown lead-ins to a code block are (still one unit each)."""
    from agent.offline.passages import sentences
    t9 = (FIX / "kb_txt9" / "playbook_seven_moves.txt").read_text(encoding="utf-8")
    assert any(s.startswith("Multiply the first-year gross profit") and "Ceiling_Cost_Per_Visit = " in s
               for s in sentences(t9))
    doc = ("Keep the payback period short for a new offer. The months to repay are:\n\nPayback_Months = Acquisition_Cost / Monthly_Margin\n"
           "Monthly_Margin = Price times Margin_Rate\n\nA year is the usual limit for a subscription.")
    assert sentences(doc) == ["Keep the payback period short for a new offer.", "The months to repay are: Payback_Months = Acquisition_Cost / "
                              "Monthly_Margin; Monthly_Margin = Price times Margin_Rate.",
                              "A year is the usual limit for a subscription."]
    shipped = (FIX.parent.parent / "kb" / "audience-sizing-methods.md").read_text(encoding="utf-8")
    assert "When two audiences share a base, the combined (deduplicated) size is: Union = A + B − (A ∩ B)." in \
        sentences(shipped)


def test_which_is_cheapest_reads_the_list_the_question_names():
    """kb_txt9: "which lead source is cheapest for monitored alarm systems?" took the cheapest dollar row of the whole
    section (a video doorbell's $64-82, in the list by service type); the list "BY LEAD SOURCE" is the one asked. A
    question naming no list's "BY …" line, or every one, compares all rows as before."""
    from collections import namedtuple
    from agent.offline import bylist, extremerow
    item = namedtuple("Item", "text item pos")
    text = ("SECTION 2 - COSTS\n\nCOST PER QUOTE - 2025\nBY TRADE\n- Roofers: $40-55\n- Painters: $30-38\n\n"
            "COST PER QUOTE\nBY LEAD SITE\n- Angi: $61-70\n- Thumbtack: $48-52\n- Houzz: $75\n")
    items = [item(m, 10_000 + text.index(m[:9]), i) for i, m in enumerate(
        ["Roofers: $40-55.", "Painters: $30-38.", "Angi: $61-70.", "Thumbtack: $48-52.", "Houzz: $75."])]
    asked = "Which lead site is the cheapest for roofers?"
    assert [c.text for c in bylist.narrowed(asked, items, text)] == ["Angi: $61-70.", "Thumbtack: $48-52.", "Houzz: $75."]
    assert [c.text for c in extremerow.pick(asked, bylist.narrowed(asked, items, text))] == ["Thumbtack: $48-52."]
    assert bylist.narrowed("Which is the cheapest?", items, text) == items


def test_a_row_of_a_channel_list_by_a_kind_of_its_own_is_named_in_full(monkeypatch, kb_txt6_engine):
    """kb_txt9: "What about dynamically inserted spots?" after the producer-read spot's podcast CPM repeated that figure:
    "read type: Dynamically Inserted Spot", a row of the podcast list, is no business, no platform and — filed under
    the channel — no kept row either. Said in full, such a row is what is asked (a publisher row never is). kb_txt6's
    podcast rows by show genre: "business and investing shows", then "what about true crime?" — each its own row, not
    every podcast list of the KB (Nordic markets and genres quoted together)."""
    from agent.offline import kbrowname
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt9"))
    assert kbrowname.said("What about dynamically inserted spots?") == "Dynamically Inserted Spot"
    assert kbrowname.said("and peacock?") is None
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt6"))
    (_, calls), (a, calls2) = turns(kb_txt6_engine, ["podcast CPM for business and investing shows, host-read?",
                                                     "What about true crime?"])
    assert calls2[0].get("vertical") == "True Crime" and "$24-28" in a and "Norway" not in a
