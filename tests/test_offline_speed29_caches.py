"""The speed pass of session 29: readings of a text kept per text hand each caller its own list and say what the
uncached reading says (agent.offline.asking, answerforms, askedreply.inputs, definition's spelled-out acronyms);
recall.read hands the kept slots to callers that only read them, and remember still hands out a copy; a conversation
read with every cache warm is answered as with them cold, on kb/ and a plain-text KB."""
import pytest

from agent.offline import answerforms, asking, askedreply, definition, recall
from agent.offline.toolread import read_outcome
from rag.sentences import LOOSE_SENTENCE_END
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

MESSAGES = ["we run two bike repair shops. whats a sane price per click for us", "ok and with 3k a month how many clicks is that",
            "Tell me the usual open rate.", "so, when should a ski rental shop start pushing ads", "thanks!", ""]


def _plain_sentences(m: str) -> list[str]:
    return [s for s in LOOSE_SENTENCE_END.split(m.strip()) if s.strip()]


def test_kept_sentences_are_the_plain_reading_and_each_callers_own():
    assert_unseen(MESSAGES[:4])  # ("thanks!" is everyone's)
    for m in MESSAGES:
        said = _plain_sentences(m)
        asked = [s for s in said if s.rstrip().endswith("?")] or [s for s in said if asking.asks(s)]
        for _ in range(2):  # cold, then kept
            got = asking.sentences(m), asking.asking_sentences(m), asking.question_sentences(m)
            assert got == (said, asked, asked or said[-1:])
            for lst in got:
                lst.append("changed by a caller")  # a caller's own list: the kept reading is untouched


def test_kept_forms_and_inputs_are_each_callers_own():
    for q in MESSAGES:
        forms = answerforms.answer_forms(q)
        want = [f for ask, f in answerforms.FORMS if ask.search(q)] + (
            [answerforms.whenask.CALENDAR] if answerforms.whenask.asks(q) else [])
        assert forms == want
        forms.append(None)
        assert answerforms.answer_forms(q) == want
    answer = "To work that out I need your budget for this spring and your average order value. What are they?"
    got = askedreply.inputs(answer)
    got.append("changed")
    assert askedreply.inputs(answer) == got[:-1] and askedreply.inputs("") == [] == askedreply.inputs(None)


def test_spelled_out_acronyms_read_from_the_passages():
    passages = [{"id": "a#0", "source": "A", "text": "The cost per booking (CPB) is what a stay costs in ads."}]
    assert definition._spelled("CPB", passages) == "cost per booking" == definition._spelled("cpb", passages)
    assert definition._spelled("CPC", [{"text": "nothing spelled out"}]) == "cost per click"  # the vocabulary's name


def test_read_slots_are_what_remember_copies():
    turn = ("we are a dog grooming salon with a 2k budget, what cpc should we expect?",
            [read_outcome("get_benchmark", {"metric": "CPC"}, "Metric: CPC\nValue: $2", False)])
    assert_unseen(turn[0])
    recall._KEPT.clear()
    for history in ([], [turn], [turn, ("and the cpl?", [])]):
        seen = recall.read(history)
        mine = recall.remember(history)
        assert mine == seen
        if history:
            assert mine is not recall.read(history)  # a copy the turn may fill
        mine.facts["budget"] = -1.0
        mine.topics.append(("x", "y", "z"))
        assert recall.read(history) == seen and recall.read(history).facts.get("budget") != -1.0


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_a_conversation_read_again_with_warm_caches_is_answered_alike(request, kb):
    conversation = MESSAGES[:2]
    engine = request.getfixturevalue(kb)
    cold = turns(engine, conversation)
    assert cold == turns(engine, conversation) and all(a for a, _ in cold)
