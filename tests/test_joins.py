"""rag.joins: a KB's closed compounds met by a question's split or hyphenated words ("pays back" for "payback"),
and its hyphenated terms met by a closed word ("signups" for "sign-ups") — read from the index vocabulary on a
toy corpus that knows no domain. Query side only: the index (document lengths, statistics, file) is unchanged."""
from __future__ import annotations

from rag.analyzer import get_analyzer
from rag.engine import RetrievalEngine
from rag.joins import Joins

AN = get_analyzer(True, True)
VOCAB = {AN._norm(w) for w in ("payback", "lookalike", "checkout", "onboarding", "baseline", "retarget", "form",
                               "capita", "area", "canon", "workout", "pay")} | {"sign-up", "sign-ups", "set-up"}


def test_two_words_the_kb_writes_as_one_are_its_term():
    j = Joins(VOCAB, AN)
    assert j.found("how soon does a customer pay back the cost?") == ["payback"]
    assert j.found("it pays back in a year") == ["payback"]  # the first word by its stem
    assert j.found("look alike audiences at check out") == [AN._norm("lookalike"), "checkout"]
    assert j.found("on boarding a list; the base line") == [AN._norm("onboarding"), AN._norm("baseline")]
    assert j.found("re-target lapsed buyers") == ["retarget"]  # hyphenated by the user, closed by the KB


def test_no_join_a_stop_pair_a_pronoun_or_an_apostrophe_makes():
    j = Joins(VOCAB, AN)
    assert j.found("do it for me") == []  # two stop words: not "form"
    assert j.found("we can only pay") == []  # not "canon"
    assert j.found("the caps it sets") == []  # a pronoun ends no compound: not "capita"
    assert j.found("they are a team") == []  # not "area"
    assert j.found("we're paying") == []  # across an apostrophe: not "repay"
    assert j.found("2 40 and pay back") == ["payback"]  # numbers are never parts


def test_a_reader_counts_the_compound_once():
    j = Joins(VOCAB, AN)
    assert j.rewrite("when does it pay back, and the base line?") == "when does it payback, and the baseline?"
    assert j.rewrite("no compound here") == "no compound here"


def test_a_closed_word_the_kb_writes_hyphenated_is_that_one_term():
    j = Joins(VOCAB, AN)
    assert j.hyphenated_for("how many signups?") == {"signup": "sign-ups"}  # the same letters
    assert j.hyphenated_for("one signup") == {"signup": "sign-up"}
    assert j.hyphenated_for("the sign-up page") == {}  # written as the KB writes it already
    assert j.hyphenated_for("a good setup") == {"setup": "set-up"}


def _engine(tmp_path):
    (tmp_path / "money.md").write_text(
        "# Recovering acquisition cost\n\n## Payback period\n\nPayback is the number of months until a customer's "
        "contribution recovers what acquiring that customer cost. A payback over twelve months needs approval.\n")
    (tmp_path / "staff.md").write_text(
        "# Staff\n\n## Bands\n\nPay bands set what each role earns. Customers never see these bands.\n")
    (tmp_path / "growth.md").write_text(
        "# Growth\n\n## Sign-ups\n\nSign-ups from the trial page are counted daily; a sign-up without an email "
        "confirmation is not counted.\n")
    (tmp_path / "people.md").write_text(
        "# People\n\n## Signing contracts\n\nEvery contract needs two signatures before work starts on the page.\n")
    return RetrievalEngine.from_directory(tmp_path, index_path=tmp_path / "ix.json")


def test_search_finds_the_section_named_by_the_closed_word(tmp_path):
    eng = _engine(tmp_path)
    top = eng.search("how long before a customer pays back what we spent on them", top_k=2)
    assert top[0].citation.startswith("money.md"), [r.citation for r in top]
    top = eng.search("how are daily signups counted on the page", top_k=2)
    assert top[0].citation.startswith("growth.md"), [r.citation for r in top]


def test_the_index_itself_is_unchanged(tmp_path):
    eng = _engine(tmp_path)
    ix = eng.index
    before = (ix.doc_len.copy(), ix.norm.copy(), list(ix.vocab))
    ids, cnt, _ = ix.query_terms("when does a customer pay back")
    assert {ix.vocab[i] for i in ids} >= {"pay", "payback"}  # the KB's term beside the words typed
    assert (ix.doc_len == before[0]).all() and (ix.norm == before[1]).all() and ix.vocab == before[2]
    again = RetrievalEngine.from_directory(tmp_path, index_path=tmp_path / "ix.json")  # the index file round-trips
    assert [r.chunk.id for r in again.search("customer pays back", top_k=3)] == \
        [r.chunk.id for r in eng.search("customer pays back", top_k=3)]
