"""A later turn asking whether an action is allowed, read once more in the documents the conversation's answers
cited before declining (agent.offline.boundread), in wording of our own on a small hand-written KB: the user's own
particulars ("san marzano", "drip hose") no longer sink the share of words; questions off the KB's topic, a
document no answer cited, a question that asks no leave, and a figure of the user's keep the decline."""
from __future__ import annotations

import pytest

from agent.offline import boundread
from tests.test_offline_meaningsearch import (BLADES, DECLINED, OURS_OFF, PRUNING, WATERING, _found, garden_kb,  # noqa: F401
                                              ROOT)

CITED = frozenset({"garden"})
# own wording: the user's plants and kit by name; "water" and "tomato" meet in one sentence of "Watering schedule"
SOAK = "is it ok to water our san marzano tomato plants with the drip hose around noon?"
SOAK_TOO = "should we water the cherry tomato rows from the new rain barrel?"
SOAK_JUDGED = "we'd give the tomato beds their soak at midday during the heatwave. sensible?"  # judged at its end


def _turn(question: str, *passages: dict):
    return [_found(question, *passages)]


def test_a_leave_question_is_read_in_the_cited_document(garden_kb):
    for q in (SOAK, SOAK_TOO, SOAK_JUDGED):
        got = boundread.read(q, _turn(q, BLADES, WATERING, PRUNING), DECLINED, 3, CITED)
        assert got and got.startswith("Based on Knowledge Base [garden#1]") and "Water tomato" in got, (q, got)


def test_what_keeps_the_decline(garden_kb):
    outcomes = _turn(SOAK, BLADES, WATERING, PRUNING)
    assert boundread.read(SOAK, outcomes, DECLINED, 3, frozenset({"shed"})) is None  # a document no answer cited
    assert boundread.read(SOAK, outcomes, DECLINED, 3, frozenset()) is None  # a first turn: nothing cited yet
    assert boundread.read(SOAK, outcomes, "Based on Knowledge Base [garden#2]: Cut roses …", 3, CITED) is None  # answered
    q = "what about our san marzano tomato plants, the drip hose and the water at noon?"  # asks no leave
    assert boundread.read(q, _turn(q, WATERING), DECLINED, 3, CITED) is None
    q = "is it ok to water our 40 san marzano tomato plants with the drip hose?"  # a figure of the user's: data
    assert boundread.read(q, _turn(q, WATERING), DECLINED, 3, CITED) is None
    q = "is it ok to leave the hose out over winter?"  # one word of the KB's ("winter") and it is another section's
    assert boundread.read(q, _turn(q, WATERING, PRUNING), DECLINED, 3, CITED) is None


def test_off_topic_questions_keep_the_decline(garden_kb):
    for q in [*OURS_OFF, "is it ok to bring our dog to the garden centre on sunday?",
              "should we repaint the shed door before the summer fete?", "we're painting the shed door red. good idea?"]:
        assert boundread.read(q, _turn(q, WATERING, PRUNING, BLADES), DECLINED, 3, CITED | {"shed"}) is None, q


def test_the_wording_here_is_not_dataset_wording():
    corpus = " ".join(p.read_text(encoding="utf-8").lower() for d in (
        "datasets", "tests/fixtures/paraphrase", "tests/fixtures/paraphrase_holdout", "tests/fixtures/paraphrase_holdout2",
        "tests/fixtures/paraphrase_holdout4", "tests/fixtures/paraphrase_holdout11", "tests/fixtures/paraphrase_holdout12",
        "tests/fixtures/kb_txt_datasets") for p in (ROOT / d).rglob("*.json*"))
    for phrase in [SOAK, SOAK_TOO, SOAK_JUDGED]:
        assert phrase.lower() not in corpus, phrase


# own wording, on a plain-text KB: a measurement answer, then a leave question full of the user's own particulars
WINDOW = "how long an attribution window should we use for meta conversions?"
BRACES = "is it ok to rely on the browser tag alone for the invisalign consult form on our braces microsite?"
DOG = "is it ok to bring our dog to the office on fridays?"


@pytest.mark.slow  # a whole conversation on kb_txt (a cold read of the KB's vocabulary): seconds
def test_the_plain_text_kb_reads_the_cited_section_and_keeps_declining_off_topic(kb_txt_engine, monkeypatch):
    from tests.offline_turns import turns
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    first, got = turns(kb_txt_engine, [WINDOW, BRACES])
    assert "[measurement_and_testing#" in first[0]
    assert got[0].startswith("Based on Knowledge Base [measurement_and_testing#") and "browser-only tags" in got[0], got
    assert turns(kb_txt_engine, [WINDOW, DOG])[-1][0] == DECLINED
    for phrase in [WINDOW, BRACES, DOG]:
        assert phrase.lower() not in " ".join(p.read_text(encoding="utf-8").lower() for p in (
            ROOT / "tests" / "fixtures" / "kb_txt_datasets").rglob("*.json*")), phrase
