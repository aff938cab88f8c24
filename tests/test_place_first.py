"""A count asked for a place the KB does not size the audience in: the answer says so first, and quotes no other
place's count (agent/offline/declfirst.py's place rule; agent/offline/sizing.py reads a place typed in lower case
out of the audience's words). The national row may follow the note, which names the places the KB sizes. On the
shipped KB and the plain-text kb_txt; wording of this file's own."""
from __future__ import annotations

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from agent.offline.sizing import audience_phrase
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB
from tests.test_workverb import TXT
from tests.unseen_wording import assert_unseen

CASES = [  # (fixture, KB, question, the place, counts of other places or audiences the answer must not quote)
    ("shipped_engine", KB, "how many dog owning households in spokane?", "Spokane", ["6.0 million"]),
    ("kb_txt_engine", TXT, "how many households with a dog or cat in spokane?", "Spokane", []),
    ("kb_txt_engine", TXT, "how many adults 65 and older live in omaha?", "Omaha", ["252,000", "231,000"]),
]


def test_wording_is_own():
    assert_unseen([q for _, _, q, _, _ in CASES])


def test_a_place_typed_in_lower_case_is_no_word_of_the_audience():
    assert audience_phrase("how many dog owning households in spokane?", ["Spokane"]) == "dog owning households"
    assert audience_phrase("How many retirees live in Tucson?", ["Tucson"]) == "retirees"


@pytest.mark.parametrize("fixture,kb,question,place,others", CASES)
def test_the_place_the_kb_lacks_is_said_first(request, monkeypatch, meaning, fixture, kb, question, place, others):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    [(answer, calls)] = turns(request.getfixturevalue(fixture), [question])
    first = answer.split("\n\n")[0]
    assert first.startswith("The knowledge base") and f"not for {place}" in first, answer
    assert "only for United States" in first, answer   # the audience is the KB's, sized elsewhere
    assert not [o for o in others if o in answer], answer
