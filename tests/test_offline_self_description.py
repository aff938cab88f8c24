"""A business the parser names only by a fragment of the user's sentence ("korean maker", "coughs", "parents") is
looked up once more by the whole clause the user described it in (agent/offline/selfdesc.py, retried by
agent/offline/routeretry.py), which the benchmark tool reads by meaning against the KB's own text about each
vertical — and a business no vertical fits is still declined. Wording of this file's own."""
from __future__ import annotations

import pytest

from tests.test_business_resolution import _meaning  # noqa: F401  (the encoder on, as there)
from agent.offline.routeretry import superseded
from agent.offline.selfdesc import description
from tests.unseen_wording import assert_unseen

ON_KB = [  # (a first message, the kb/ benchmark file its answer must quote)
    ("we look after three new-car showrooms for a korean maker. what CAC is normal?", "benchmarks-automotive"),
    ("we run a few walk-in clinics for coughs and sprains. typical cpm?", "benchmarks-healthcare"),
    ("we teach adults to play piano through paid online lessons. what's a normal cpc?", "benchmarks-education"),
]
ON_TXT = [  # (a plain-text KB's fixture, a first message, the list label its answer must quote)
    ("kb_txt2_engine", "we draft wills and handle divorces and child support cases for parents. cost per lead on google?",
     "Family Law and Divorce Attorneys"),
    ("kb_txt3_engine", "we offer in-home nursing for older parents just home from hospital. google cpc?",
     "Home Health Agencies"),
]
UNFIT = "we're a tattoo parlour with two artists downtown. what's a normal cpc?"   # no KB here covers it


def test_wording_is_unseen():
    assert_unseen([m for m, _ in ON_KB] + [m for _, m, _ in ON_TXT] + [UNFIT])


@pytest.mark.parametrize("text,phrase,clause", [
    ("we look after three new-car showrooms for a korean maker. what CAC is normal?", "korean maker",
     "we look after three new-car showrooms for a korean maker"),
    ("hi, we run a few walk-in clinics for coughs and sprains, what's a typical cpm?", "coughs",
     "we run a few walk-in clinics for coughs and sprains"),
    ("we sell hiking boots and rain jackets online. roas?", "hiking boots online store",   # the parser reworded it
     "we sell hiking boots and rain jackets online"),
])
def test_the_clause_that_describes_the_business(text, phrase, clause):
    assert description(text, phrase) == clause


@pytest.mark.parametrize("text,phrase", [
    ("we're a tattoo parlour. what's a normal cpc?", "tattoo parlour"),       # the clause adds nothing to the phrase
    ("typical cpc for florists?", "plumbers"),                                # the phrase is not in the message
    ("we are a florist and " + "we also do many other things " * 5 + "in town. cpc?", "florist"),  # a story, not a name
])
def test_no_clause_when_it_adds_nothing_or_says_too_much(text, phrase):
    assert description(text, phrase) is None


class _Out:
    def __init__(self, vertical, found, content="get_benchmark(...): not in the knowledge base — matched_by: no match"):
        self.name, self.input, self.found, self.is_error = "get_benchmark", {"vertical": vertical, "metric": "CPC"}, found, False
        self.content = content


def test_a_retry_that_says_the_same_business_in_more_words_is_one_miss():
    first, again = _Out("tattoo parlour", False), _Out("we're a tattoo parlour with two artists downtown", False)
    assert superseded([first, again]) == [first]
    hit = _Out("we're a tattoo parlour with two artists downtown", True, "get_benchmark: …")
    assert superseded([first, hit]) == [hit]


def _first_answer(engine, text):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(text)


@pytest.mark.parametrize("text,source", ON_KB)
def test_the_described_business_finds_its_kb_table(text, source, shipped_engine):
    rec = _first_answer(shipped_engine, text)
    cited = {c.split("#")[0] for c in rec.citations if c.startswith("benchmarks-")} - {"benchmarks-methodology"}
    assert cited == {source}, rec.assistant


@pytest.mark.parametrize("fixture,text,label", ON_TXT)
def test_the_described_business_finds_its_list_row(fixture, text, label, request):
    rec = _first_answer(request.getfixturevalue(fixture), text)
    assert f"the {label} " in rec.assistant and "does not contain" not in rec.assistant, rec.assistant


@pytest.mark.parametrize("fixture", ["shipped_engine", "kb_txt2_engine"])
def test_a_business_no_vertical_fits_is_still_declined(fixture, request):
    rec = _first_answer(request.getfixturevalue(fixture), UNFIT)
    looked = [c for c in rec.tool_calls if (c["name"] if isinstance(c, dict) else c.name) == "get_benchmark"]
    assert len(looked) == 2   # by the phrase, then by the whole description
    assert "does not contain" in rec.assistant and rec.assistant.count("does not contain") == 1, rec.assistant
    assert not any(c.startswith("benchmarks-") and "methodology" not in c for c in rec.citations), rec.assistant


def test_a_sentence_about_the_business_is_not_matched_by_its_verb(kb_txt3_engine):
    """"we supply …" opens on a verb: rule 3's first word would name every "… Suppliers" label (mpa.labels)."""
    from mpa.fact_lookups import find_benchmarks
    said = "we supply cardboard cartons and packing tape to distribution centres"
    assert_unseen([said])
    found = find_benchmarks(kb_txt3_engine, said, "CPC").result
    assert found and {f.vertical for f in found} == {"Packaging Suppliers"}
