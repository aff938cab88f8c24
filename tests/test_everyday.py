"""Users' everyday words for the domain's concepts (mpa.everyday) and the served KB's terms for them
(agent.offline.gloss): matching, a phrase that must not fire, a KB without the terms, and the agent finding the
section on kb/ and on the plain-text kb_txt2 — own wording only."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, gloss
from agent.offline.searchq import clean, form
from agent.prompts import system_prompt
from mpa.everyday import find, glosses, lexicon, stems
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
RESERVE = "Should we keep some money back just in case the launch goes sideways, and how much?"
PAYBACK = "roughly how many months until a new subscriber has earned back what we paid to get them?"
STALE = "the banner ads we've run since spring feel tired. how often should they be swapped?"
TEAM = "the team is tired after the spring push. how often should we report to the board?"


def _concepts(text: str) -> set[str]:
    return {g.concept for g in glosses(text)}


def _ask(engine, q: str):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(engine), system_prompt()).send(q)
    calls = [c if isinstance(c, dict) else vars(c) for c in turn.tool_calls]
    return turn, [c["input"].get("query", "") for c in calls if c.get("name") == "search_knowledge_base"]


def test_the_lexicon_names_enough_concepts_each_with_kb_terms_and_phrases():
    concepts = lexicon()
    assert 50 <= len(concepts) <= 100
    assert all(c.kb and c.said for c in concepts)
    assert len({c.name for c in concepts}) == len(concepts)


def test_phrases_match_by_stem_in_order_with_a_one_word_gap():
    assert find(stems("earn back"), stems("when do they earn it back?"))        # a word between two of the phrase's
    assert find(stems("earn back"), stems("they earned good money back")) is None   # two words between: another phrase
    assert find(stems("shift money"), stems("shift half of our meta money"))    # … but sizing words are said freely inside
    assert find(stems("already bought"), stems("people who've already bought"))  # stop words kept: "already" counts
    assert find(stems("already bought"), stems("we bought ads already")) is None  # out of order
    assert _concepts("the creatives are getting stale") == {"creative fatigue"}  # "creatives": the stem of "creative"


def test_the_first_stem_index_finds_what_matching_every_concept_finds():
    """``glosses`` matches a message against only the concepts with a phrase all of whose stems it holds; matching it
    against every concept of the lexicon (the plain reading) must find the same glosses, in the same order. The
    messages: each concept's phrases said next to one of its cues, with other concepts' phrases, and repeated."""
    from mpa.everyday import GAP, Gloss, concept_gloss
    concepts = lexicon()

    def every_concept(text: str) -> tuple[Gloss, ...]:
        words = stems(text)
        found = (concept_gloss(c, words) for c in concepts) if words else ()
        return tuple(sorted((g for g in found if g), key=lambda g: g.span))

    assert GAP == 1
    messages = [RESERVE, PAYBACK, STALE, TEAM, "earn it back earn back", ""]
    for i, c in enumerate(concepts):
        other = concepts[(i * 7 + 3) % len(concepts)]
        for p in (*c.said[:1], *c.cued[:2], *c.unless[:1]):
            words = " ".join(p)
            messages += [f"{words} and {' '.join(other.said[0])}?", f"{' '.join(other.said[-1])} so {words} x {words}"]
            messages += [f"{cue} then {words}" for cue in sorted(c.cues)[:2]]  # a cued phrase next to one cue
    found = 0
    for m in messages:
        assert glosses(m) == every_concept(m), m
        found += len(glosses(m))
    assert found > len(concepts)  # the messages do name concepts: the comparison is not of empty answers


def test_everyday_phrasings_name_their_concepts():
    assert_unseen([RESERVE, PAYBACK, STALE])
    assert "reserve budget" in _concepts(RESERVE)
    assert "payback" in _concepts(PAYBACK)
    assert "creative fatigue" in _concepts(STALE)


def test_a_cued_phrase_does_not_fire_without_its_cue():
    assert_unseen(TEAM)
    assert "creative fatigue" not in _concepts(TEAM)  # "tired" says fatigue of ads only next to a word for an ad
    assert _concepts("what is a good CPC for dentists?") == set()


def test_the_kb_terms_are_the_served_kbs_own(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    assert gloss.terms(RESERVE)[:2] == ("contingency reserve", "reserve budget")
    assert "payback period" in gloss.terms(PAYBACK)
    assert form(RESERVE).queries[-1].endswith("contingency reserve reserve budget")  # one more search, last
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    assert gloss.terms(RESERVE) == ("reserve",)  # kb_txt2 writes "reserve", not "contingency reserve"


def test_the_kb_is_read_for_every_lexicon_phrase_it_writes():
    """``gloss._read`` keeps only the runs of a KB's words that are a lexicon phrase or KB term (the only runs ever
    looked up): each such phrase is kept exactly when it is a run of some line's stems — on the Markdown fixture KB,
    the plain-text kb_txt2 and a phrase/term-holding KB written here."""
    from agent.offline import servedkb
    asked, _ = gloss._looked_up()
    assert stems("payback period") in asked and stems("contingency reserve") in asked
    written = ROOT / "tests" / "fixtures"
    for kb in (written / "kb", written / "kb_txt2"):
        lines = [stems(line) for d in servedkb.documents(str(kb)) for line in d.text.splitlines()]
        every_run = {w[i:i + k] for w in lines for k in range(1, gloss.MAX_NGRAM + 1) for i in range(len(w) - k + 1)}
        grams = gloss._read(str(kb))[0]
        assert grams == every_run & asked and grams, kb


def test_a_concept_said_in_the_kbs_words_adds_nothing(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = "what payback period should we aim for when we earn back a customer's cost?"
    assert_unseen(q)
    assert "payback" in _concepts(q) and gloss.terms(q) == ()


def test_a_kb_without_the_terms_is_searched_as_before(tmp_path, monkeypatch):
    (tmp_path / "prices.md").write_text("# Prices\n\n| Item | Price |\n|---|---|\n| Banner | $40 |\n| Video | $90 |\n")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    assert gloss.terms(RESERVE) == () and gloss.query(clean(RESERVE)) is None
    assert not any("reserve" in q.lower() for q in form(RESERVE).queries)  # searched as before: its own words only


def test_the_agent_answers_from_the_concepts_section_on_kb(shipped_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    turn, queries = _ask(shipped_engine, RESERVE)
    assert any(q.endswith("contingency reserve reserve budget") for q in queries)
    assert "reserve" in turn.assistant.lower()


MORE = "if we pour more money into search next quarter, do sales keep climbing at the same rate?"
PLAY = "how much of the budget should we set aside as play money for trying new channels?"


def test_the_agent_answers_from_the_concepts_section_on_a_plain_text_kb(kb_txt_engine, kb_txt3_engine, monkeypatch):
    assert_unseen([MORE, PLAY])
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    turn, queries = _ask(kb_txt_engine, MORE)
    assert any(q.endswith("diminishing returns saturation") for q in queries)
    assert "[budget_and_channel_mix#" in turn.assistant and "more expensive as spend rises" in turn.assistant
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    turn, queries = _ask(kb_txt3_engine, PLAY)
    assert any(q.endswith("test budget test reserve") for q in queries)
    assert "[spend_and_pacing_rules#" in turn.assistant and "for tests of a new platform" in turn.assistant


def test_a_phrase_that_is_the_kbs_ordinary_vocabulary_adds_nothing(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = "we plan to try some new ads this autumn. how long should each one run?"
    assert_unseen(q)
    assert "creative fatigue" in _concepts(q)  # "new ads" may name a refresh …
    assert gloss.terms(q) == ()  # … but two words kb/ uses everywhere name it only by chance


def test_the_question_sentence_decides_which_concept_is_asked(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = "honestly our creative feels tired. how much money should we keep back just in case?"
    assert_unseen(q)
    assert {"creative fatigue", "reserve budget"} <= _concepts(q)
    assert "contingency reserve" in gloss.terms(q) and "creative fatigue" not in gloss.terms(q)  # the first is the scene


BLOCKED = "our banner turned up beside an extremist forum overnight. how long does that site have to stay blocked?"


def test_the_agent_finds_the_incident_rule_for_an_everyday_account_of_it(shipped_engine, monkeypatch):
    assert_unseen(BLOCKED)
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    assert gloss.terms(BLOCKED)[:1] == ("brand safety",)
    turn, _ = _ask(shipped_engine, BLOCKED)
    assert "[step-10-risk-contingency#" in turn.assistant and "brand-safety incident" in turn.assistant
