"""The offline agent's reading rules (searchq, reader, passages.relevant, scope, rulecalc), each on
wording of our own — none of it from datasets/ or the paraphrase set (a test below checks) — and
on two KBs: small hand-written passages here, the shipped kb/ and the plain-text fixture KB."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.passages import relevant, terms, units
from agent.offline.policy import _own_business
from agent.offline.reader import answer_forms, extract
from agent.offline.rulecalc import apply as apply_rule
from agent.offline.scope import outside
from agent.offline.searchq import attributes, clean, form, leans_on_previous, topic_of
from agent.offline.toolread import ToolOutcome
from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]

OURS = ["Do our banner ads ever need a fresh look?", "Could we push it lower than that?", "Honestly we just wonder",
        "Please paint a mural for the office lobby", "Suppose paid social needs 8,000 a month at minimum",
        "On connected TV, what cap should we put on exposures per household?", "Is going above that ever OK?",
        "How long should someone stay on a win-back list?", "Our newsletter gets a lot of spam complaints"]


def test_the_wording_here_is_not_dataset_wording():
    corpus = " ".join(p.read_text(encoding="utf-8") for d in ("datasets", "tests/fixtures/paraphrase")
                      for p in (ROOT / d).rglob("*.json*")).lower()
    for phrase in OURS:
        assert phrase.lower() not in corpus, phrase


# ------------------------------------------------------------------ searchq
def test_fillers_go_punctuation_stays():
    assert clean("Honestly we just wonder: how do budgets get paced?") == "how do budgets get paced?"
    assert clean("We're basically spending $12,500 a month. Is that a lot?") == "spending $12,500 a month. Is that a lot?"


def test_question_words_name_the_attribute_they_ask_for():
    assert attributes("How frequently should creatives rotate?") == ["frequency cadence"]  # a cadence is how the KB may say it
    assert attributes("How long should someone stay on a win-back list?") == ["duration"]
    assert attributes("What frequency is normal?") == []  # already named


@pytest.mark.parametrize("text,leans", [
    ("Could we push it lower than that?", True), ("And for the holiday season?", True), ("What if it's new?", True),
    ("Why?", True), ("What CPM do furniture retailers usually pay on display?", False),
    ("Do our banner ads ever need a fresh look?", False),
])
def test_a_follow_up_is_told_by_grammar(text, leans):
    assert leans_on_previous(text) is leans


def _outcome(pid: str, source: str, text: str) -> ToolOutcome:
    return ToolOutcome("search_knowledge_base", {}, "", False, passages=[{"id": pid, "source": source, "text": text}])


def test_the_topic_is_the_heading_the_last_answer_quoted():
    text = "## Creative refresh\n\nRotate creative every four weeks. Retire an ad when its CTR falls by a third."
    prev = ("Do our banner ads ever need a fresh look?", "Based on Knowledge Base [doc#2]: Rotate creative every "
            "four weeks.", [_outcome("doc#2", "doc.md › Display › Creative refresh", text)])
    topic = topic_of(*prev)
    assert topic.startswith("Creative refresh") and "banner" in topic
    q = form("Could we push it lower than that?", prev)
    assert "Creative refresh" in q.queries[0] and q.queries[1] == q.focus
    assert q.queries[2:] == [f"{q.focus} rule"]  # a yes/no question of leave also searches for the rule (leaveask)
    declined = ("What's the weather?", "The knowledge base does not contain information about that.", [])
    assert topic_of(*declined) == "" and form("And tomorrow?", declined).queries == ["And tomorrow?"]


# ------------------------------------------------------------------ reader
PLAYBOOK = [
    {"id": "disp#0", "source": "display.md",
     "text": "# Display playbook\n\nThis playbook covers display banners, creative refresh, frequency and budgets."},
    {"id": "disp#3", "source": "display.md › Creative › Creative refresh",
     "text": "### Creative refresh\n\nRotate creative every four weeks so banners stay fresh. Reduce the rotation to "
             "two weeks for short promotions.\n\n### Banner sizes\n\nBanner sizes follow the publisher's spec sheet."},
    {"id": "disp#5", "source": "display.md › Pitfalls",
     "text": "## Pitfalls\n\n- Never sum platform conversions. Use the deduplicated order count instead.\n"
             "- Keep banner creative on brand."},
]


def test_the_section_that_answers_beats_the_overview():
    out = extract("How often should display banners get new creative?", PLAYBOOK)
    assert out.startswith("Based on Knowledge Base [disp#3]") and "every four weeks" in out
    assert "This playbook covers" not in out


def test_a_comparative_meets_the_verb_that_moves_the_same_way():
    out = extract("Could we go shorter on the creative rotation for a promotion?", PLAYBOOK)
    assert "[disp#3]" in out and "two weeks" in out


def test_a_list_item_keeps_its_sentences_together():
    out = extract("Should I sum the conversions the platforms report?", PLAYBOOK)
    assert "[disp#5]" in out and "Use the deduplicated order count instead." in out


def test_a_follow_up_topic_decides_only_when_its_own_words_do_not():
    assert "[disp#3]" in extract("Any exceptions to the rotation?", PLAYBOOK, context="Creative refresh banners")
    out = extract("Should I sum the conversions the platforms report?", PLAYBOOK, context="Creative refresh")
    assert "[disp#5]" in out


def test_answer_forms_follow_the_question_word():
    assert answer_forms("How long should a promo run?")[0].search("run it for 10 days")
    assert not answer_forms("Why do banners fatigue?")


def test_plain_text_kb_passages_are_read_too():
    passage = {"id": "m#1", "source": "measurement.txt", "text": (
        "windows are shorter than the platforms claim. SECTION 2 - HOLDOUTS\nKeep a holdout of 10% of the audience "
        "for at least four weeks. Compare conversions in both groups.")}
    assert units(passage["text"])[0].text.startswith("Keep a holdout")  # the cut-off fragment is skipped
    out = extract("How big should a holdout be?", [passage])
    assert out and "10% of the audience" in out


# ------------------------------------------------------------------ relevance
def test_relevance_counts_compounds_once_and_reads_section_names():
    text = "### The spam complaint ceiling\n\nKeep the bounce-and-complaint rate under 0.2% on every send."
    psg = [{"id": "e#1", "source": "email.md › Deliverability › The spam complaint ceiling", "text": text}]
    q = "Our newsletter gets a lot of spam complaints. Where is the limit on the complaint rate?"
    qq = set(terms(q))
    assert relevant(q, qq, qq & set(terms(text)), psg)
    off = "Who scored the winning goal in the final?"
    assert not relevant(off, set(terms(off)), set(), psg)


# ------------------------------------------------------------------ scope and rule arithmetic
@pytest.mark.parametrize("text,declined", [
    ("Please paint a mural for the office lobby", "painting a mural"),
    ("could you compose a jingle for my bakery?", "composing a jingle"),
    ("Can you draft a media plan for the spring push?", None),
    ("Write three headlines for our retargeting campaign", None),
    ("How do I write a brief for the agency?", None),
])
def test_requests_to_make_something_else_are_declined(text, declined):
    assert outside(text) == declined


def test_a_stated_multiplier_is_applied_to_the_users_figure():
    quoted = "Fund every new line at 2 times its minimum viable budget before launch."
    assert apply_rule("Suppose paid social needs 8,000 a month at minimum. What should we fund it at?", quoted) \
        == "Applied to your figure: $8,000 × 2 = $16,000."
    assert apply_rule("Suppose paid social needs 8,000 a month at minimum. What should we fund it at?",
                      "The floor is roughly 50 × expected CPA.") is None  # a factor of something else
    assert apply_rule("What should we fund it at?", quoted) is None  # no figure of the user's


def test_documents_about_another_vertical_are_not_read():
    ps = [{"id": "a", "source": "benchmarks-cpg.md › Table"}, {"id": "b", "source": "channel-retail-media.md › X"},
          {"id": "c", "source": "benchmarks-ecommerce.md › Table"}, {"id": "d", "source": "glossary.md"}]
    assert [p["id"] for p in _own_business(ps, "ecommerce")] == ["b", "c", "d"]
    assert _own_business(ps, None) == ps


# ------------------------------------------------------------------ whole conversations on kb/
@pytest.fixture(scope="module")
def conv(shipped_engine):
    return lambda: ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)


def test_a_follow_up_stays_on_the_rule_it_follows(conv):
    c = conv()
    first = c.send("On connected TV, what cap should we put on exposures per household?")
    assert "[channel-ctv#6]" in first.assistant and "3 exposures per week" in first.assistant
    second = c.send("Is going above that ever OK?")
    assert "[channel-ctv#6]" in second.assistant and "Raise the weekly cap to 4" in second.assistant
    assert len(second.tool_calls) == 3 and "FREQ3" in json.dumps(second.tool_calls[0]["input"])
    assert second.tool_calls[2]["input"]["query"].endswith(" rule")  # a question of leave also searches for the rule


def test_out_of_scope_request_gets_no_tools_even_with_a_vertical_in_play(conv):
    c = conv()
    c.send("What CPI do mobile games usually see?")
    turn = c.send("Please paint a mural for the office lobby")
    assert turn.tool_calls == [] and turn.assistant.startswith("The knowledge base does not contain")
    assert "$" not in turn.assistant


def test_a_passage_first_seen_trimmed_is_kept_whole_once_returned_whole():
    """A packed search may send a chunk trimmed; when a later tool returns it whole, the record's
    evidence is the whole text (a citation of a figure in the untrimmed part is supported)."""
    from mpa.tools import ToolResult

    class Twice:
        calls = 0

        def execute(self, name, tool_input):
            Twice.calls += 1
            text = "Rotate creative monthly." + (" Plan $40-60 per lead." if Twice.calls > 1 else "")
            return ToolResult(content=text, passages=[{"id": "x#1", "text": text, "score": 0.5}])

        def definitions(self):
            return []

    c = ConversationEngine(OfflineAgent(), Twice())
    c._run_tool({"name": "search_knowledge_base", "input": {"query": "a"}})
    c._run_tool({"name": "get_benchmark", "input": {"vertical": "v", "metric": "CPL"}})
    assert c._retrieved["x#1"]["text"].endswith("$40-60 per lead.")


def test_a_prose_quote_does_not_skip_the_sentence_between_two_it_quotes():
    text = ("### The Z-7 pause standard\n\n`Z-7` is our standard for pausing a stale keyword campaign. "
            "Each paused line waits at least nine days; its cost per visit is compared with the live lines then. "
            "Lines too small to compare are grouped before any pause standard applies to them.\n\n"
            "For brand keywords, the pause standard is replaced by a weekly review of the keyword list.")
    ps = [{"id": "k#2", "source": "kw.md › The Z-7 pause standard", "text": text}]
    out = extract("what is the standard for a keyword pause?", ps, 3)
    assert "waits at least nine days" in out and "weekly review" not in out


def test_an_empty_search_is_retried_once_with_the_question_alone_or_without_figures():
    from agent.offline.searchq import retry
    empty = ToolOutcome("search_knowledge_base", {"query": "x"}, "No knowledge-base passage answers this query", False)
    story = "Our mailer went to 12,000 homes last week and the printer was late. How should we judge the response?"
    assert retry(story, [empty]) == "How should we judge the response?"
    assert retry("We booked 3,400 leads from $51k, is a lead cost of that size normal", [empty]) == \
        "We booked leads from, is a lead cost of that size normal"  # one sentence: its words without the figures
    # a question typed without its "?" is the question all the same (agent.offline.asking)
    assert retry("We booked 3,400 leads from $51k. Is a lead cost of that size normal", [empty]) == \
        retry("We booked 3,400 leads from $51k. Is a lead cost of that size normal?", [empty]).rstrip("?") == \
        "Is a lead cost of that size normal"
    assert retry(story, [empty, ToolOutcome("search_knowledge_base", {"query": "How should we judge the response?"},
                                            "No knowledge-base passage answers this query", False)]) is None
    found = _outcome("a#1", "a.md", "Judge a mailer by its response rate.")
    assert retry(story, [empty, found]) is None
    asked = ToolOutcome("search_knowledge_base", {"query": "What is a mailer?"}, "No knowledge-base passage", False)
    assert retry("What is a mailer?", [asked]) is None  # nothing would change


def test_a_question_without_figures_prefers_the_principle_to_its_worked_example():
    ps = [{"id": "w#4", "source": "ops.md › Worked example: trimming a newsletter list",
           "text": "### Worked example: trimming a newsletter list\n\nA shop trims 4,000 dormant newsletter addresses "
                   "first, then the 1,200 that bounced twice, keeping its buyers."},
          {"id": "w#3", "source": "ops.md › Trimming a newsletter list",
           "text": "### Trimming a newsletter list\n\nTrim dormant newsletter addresses first and keep recent buyers."}]
    assert "[w#3]" in extract("which newsletter addresses should we trim first?", ps, 3)
    assert "[w#4]" in extract("we have 4,000 dormant newsletter addresses; which should we trim first?", ps, 3)


def test_settling_a_disagreement_quotes_the_sentence_saying_which_source_prevails():
    text = ("### Survey versus panel\n\nOur brand survey and the retail panel often disagree on awareness. "
            "Gaps under five points are noise and need no action. Larger gaps trigger a re-weighting of the survey "
            "sample before the next wave. The panel prevails when the two still differ, because it is measured. "
            "Both are archived for the annual review.")
    ps = [{"id": "s#1", "source": "research.md › Survey versus panel", "text": text},
          {"id": "s#2", "source": "research.md › Awareness", "text": "Awareness is read from the brand survey "
                                                                     "and the retail panel every quarter."}]
    out = extract("The survey says awareness is 40% but the panel shows 30%, which one should we trust?", ps, 3)
    assert "[s#1]" in out and "The panel prevails" in out


def test_asking_leave_to_do_something_prefers_the_section_stating_the_rule():
    ps = [{"id": "g#2", "source": "geo.md › County worked figures",
           "text": "The state file scales its counts to each county by its share of homes."},
          {"id": "g#3", "source": "geo.md › The split-county rule",
           "text": "A county split across two states is never scaled from one state's counts."}]
    out = extract("can we simply scale the state counts to get a county?", ps, 3)
    assert "[g#3]" in out
