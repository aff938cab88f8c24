"""The offline reader's meaning similarity (agent.offline.semantic) and the section choice it
corrects, on hand-written passages in wording of our own — none of it from datasets/ or the
paraphrase sets (checked below). The encoder is off for the rest of the suite (conftest); these
tests turn it on with a cache folder of their own."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agent.offline import semantic
from agent.offline.reader import extract
from rag import dense

ROOT = Path(__file__).resolve().parents[1]
ASK = "how do we keep our newsletters out of junk folders?"
ARCHIVE = {"id": "n#1", "source": "mail.md › Newsletter archive",
           "text": "### Newsletter archive\n\nKeep past newsletters in dated folders so readers can browse old issues; "
                   "junk the drafts nobody sent."}
INBOX = {"id": "n#2", "source": "mail.md › Keeping newsletters in the inbox",
         "text": "### Keeping newsletters in the inbox\n\nAuthenticate the sending domain, warm up new senders slowly "
                 "and prune addresses that never open, so newsletters keep reaching the inbox instead of junk folders."}
# a question sharing no content word but "channel" with the section that answers it
ROI_ASK = "does pouring more cash into one channel keep paying off at the same rate?"
SATURATION = [{"id": "s#4", "source": "spend.md › Diminishing returns",
               "text": "### Diminishing returns\n\nEach additional dollar buys fewer conversions than the one before as "
                       "a channel saturates."},
              {"id": "s#1", "source": "spend.md › Invoices", "text": "### Invoices\n\nPublishers invoice at month end "
                                                                   "and agencies reconcile the delivery reports."}]
# a passage that names an election in passing, among reasons why media prices rise
PRICES = [{"id": "p#3", "source": "prices.md › Why media prices rise",
           "text": "### Why media prices rise\n\n- **Calendar pressure**: gift-buying weeks, fiscal year ends and the next "
                   "election with its candidate spots crowd auctions; compare the same weeks a year earlier.\n"
                   "- **Rival launches**: a competitor promotion lifts bids; read the auction insights report.\n"
                   "- **Tight targeting**: many exclusions shrink the pool and raise the price per impression; watch "
                   "whether reach has stalled.\n- **Creative wear-out**: a tired ad earns fewer clicks, so each click "
                   "costs more; rotate fresh variants every few weeks."}]
VOTE = "which candidate will win the next election?"
OURS = [ASK, ROI_ASK, VOTE, "who painted the ceiling of the sistine chapel", "does Quora keep paying off",
        "Keep past newsletters in dated folders", "what does a florist put on a coupon?",
        "Dialogue: coupons at a flower shop", "we mailed 3,000 coupons; which coupon rule applies?"]

needs_encoder = pytest.mark.skipif(not dense.available(), reason="all-MiniLM-L6-v2 weights not installed")


def test_the_wording_here_is_not_dataset_wording():
    corpus = " ".join(p.read_text(encoding="utf-8").lower() for d in ("datasets", "tests/fixtures/paraphrase",
                                                                       "tests/fixtures/paraphrase_holdout",
                                                                       "tests/fixtures/paraphrase_holdout2",
                                                                       "tests/fixtures/kb_txt_datasets")
                      for p in (ROOT / d).rglob("*.json*"))
    for phrase in OURS:
        assert phrase.lower() not in corpus, phrase


@pytest.fixture
def meaning(tmp_path, monkeypatch):
    """The encoder on, its disk cache in a temporary folder; off again (and saved there) afterwards."""
    monkeypatch.setenv("MPA_MEANING_CACHE", str(tmp_path))
    semantic.disable(False)
    yield tmp_path
    semantic.save()
    semantic.disable()


def test_without_the_encoder_the_shared_words_decide():
    assert semantic.similarities(ASK, ["anything"]) is None  # off in this suite (conftest)
    assert "[n#1]" in extract(ASK, [ARCHIVE, INBOX], 3)  # the archive section repeats more of the words


@needs_encoder
def test_between_two_close_sections_the_one_about_the_question_wins(meaning):
    assert "[n#2]" in extract(ASK, [ARCHIVE, INBOX], 3)
    sims = semantic.similarities(ASK, ["Staying out of the spam folder", "Choosing a font for a poster"])
    assert sims[0] > sims[1]


@needs_encoder
def test_vectors_are_kept_on_disk_and_read_back(meaning):
    text = "Pruning addresses that never open keeps a sender reputable"
    semantic._vectors.pop(semantic._key(text), None)  # another test's cache may have brought it into memory
    first = semantic.similarities(ASK, [text])
    semantic.save()
    files = list(meaning.glob("offline-meaning-*.npz"))
    assert len(files) == 1
    semantic._vectors.clear()
    semantic._load(semantic._state["encoder"].name)
    assert semantic._key(text) in semantic._vectors
    assert semantic.similarities(ASK, [text]) == first


@needs_encoder
def test_a_long_first_encoding_says_why_the_user_waits(meaning, monkeypatch, capsys):
    """The whole-KB ranking's first run encodes hundreds of sections (tens of seconds): stderr says what and where
    it is kept; a few texts say nothing."""
    texts = [f"Coupon rule number {w} for the flower shop" for w in ("seven", "eight", "nine")]
    for t in [*texts, "which coupon rule?"]:
        semantic._vectors.pop(semantic._key(t), None)
    monkeypatch.setattr(semantic, "LONG_RUN", 3)
    semantic.similarities("which coupon rule?", texts)
    err = capsys.readouterr().err
    assert "encoding 4 texts for the meaning similarity, once" in err and str(meaning) in err, err
    semantic.similarities("which coupon rule applies here?", texts[:1])
    assert capsys.readouterr().err == ""


def test_saving_waits_for_another_process_merging(tmp_path, monkeypatch):
    """Two processes saving at once each wrote their own merge, and the later replace dropped the other's new vectors
    (a test run's cache lost one of ~1,900): the read-merge-replace runs under an exclusive lock on the file."""
    import fcntl
    import threading
    import time

    class Named:
        name = "a-model"

    monkeypatch.setenv("MPA_MEANING_CACHE", str(tmp_path))
    monkeypatch.setitem(semantic._state, "encoder", Named())
    monkeypatch.setitem(semantic._state, "unsaved", 1)
    monkeypatch.setattr(semantic, "_vectors", {"k": np.ones(4, dtype=np.float32) / 2})
    path = semantic.cache_file("a-model")
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process is merging
        saver = threading.Thread(target=semantic.save)
        saver.start()
        time.sleep(0.15)
        assert saver.is_alive() and not path.exists()
        fcntl.flock(lock, fcntl.LOCK_UN)
    saver.join(5)
    with np.load(path) as z:
        assert z["keys"].tolist() == ["k"]


def test_a_question_with_figures_is_left_to_the_words(monkeypatch):
    def fail(*_a, **_k):
        raise AssertionError("the encoder was asked")
    monkeypatch.setattr("agent.offline.sectionmeaning.similarities", fail)
    ps = [{"id": "c#1", "source": "shop.md › Coupon rule", "text": "### Coupon rule\n\nA coupon must carry an expiry "
           "date and a single use code."},
          {"id": "c#2", "source": "shop.md › Coupon history", "text": "### Coupon history\n\nCoupons began as paper "
           "slips that a rule of thumb said to mail monthly."}]
    assert extract("we mailed 3,000 coupons; which coupon rule applies?", ps, 3)


def test_a_sample_dialogue_gives_way_to_the_section_stating_the_same_thing():
    said = "A florist gives every coupon an expiry date and a single use code."
    ps = [{"id": "f#7", "source": "shop.md › Dialogue: coupons at a flower shop",
           "text": f"### Dialogue: coupons at a flower shop\n\n{said}"},
          {"id": "f#2", "source": "shop.md › Coupons at a flower shop", "text": f"### Coupons at a flower shop\n\n{said}"}]
    assert "[f#2]" in extract("what does a florist put on a coupon?", ps, 3)


@needs_encoder
def test_the_setting_turns_the_encoder_off(meaning, monkeypatch):
    monkeypatch.setenv("MPA_OFFLINE_MEANING", "0")
    semantic._state.pop("encoder", None)
    assert semantic.similarities(ASK, ["Staying out of the spam folder"]) is None
    assert not list(meaning.glob("offline-meaning-*.npz"))


def test_words_alone_leave_a_paraphrased_question_unanswered():
    assert extract(ROI_ASK, SATURATION, 3) is None  # encoder off: one shared word of eight is no answer


@needs_encoder
def test_the_section_nearest_in_meaning_answers_when_no_words_are_shared(meaning):
    assert "[s#4]" in extract(ROI_ASK, SATURATION, 3)


@needs_encoder
def test_meaning_never_answers_a_question_the_passages_cannot(meaning):
    assert extract("who painted the ceiling of the sistine chapel?", SATURATION, 3) is None
    # close in meaning, but about a platform the passages never name
    assert extract("does Quora keep paying off at the same rate as we pour more cash in?", SATURATION, 3) is None


def test_without_the_encoder_shared_words_answer_even_a_question_off_the_domain():
    assert "[p#3]" in extract(VOTE, PRICES, 3)  # three of its four words are in one sentence


@needs_encoder
def test_shared_words_with_an_unrelated_meaning_do_not_answer(meaning):
    assert extract(VOTE, PRICES, 3) is None
    # the same passage still answers a question about it, off the plain domain's words too
    assert "[p#3]" in extract("why do prices climb in the weeks before an election?", PRICES, 3)
