"""A how-to question answered from a short list of ways quotes every item (:mod:`agent.offline.wholelist`): the
items that carry the method rarely repeat the question's words. A list of figures (rows, bands) is still chosen
item by item, a question with figures of its own is not touched, and a list the previous answer quoted from is
not quoted again. Wording of our own, on kb/ and on plain-text passages."""
from __future__ import annotations

import pytest

from agent.offline.sectionunits import units_of
from agent.offline.wholelist import completed
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

# our own how-to wordings on kb/, and the items of the list each answer must hold (the ones a best-few quote left out)
PROBES = {"how do we grow our email list?": ("delayed pop-up", "unchecked consent boxes", "In-person capture"),
          "how should we get set up for retail media before we launch?": ("competitor keyword campaigns",
                                                                          "Test design and data access")}


def test_wording_is_our_own():
    assert_unseen(list(PROBES))


@pytest.mark.parametrize("question", list(PROBES))
def test_every_way_on_the_shipped_kb(shipped_engine, question):
    (text, _), = turns(shipped_engine, [question])
    assert all(item in text for item in PROBES[question]), text


WAYS = ("## Growing a newsletter\n\n- **Blog offer:** a short guide in exchange for an address.\n"
        "- **Checkout:** an unticked box beside the order button.\n- **Markets and fairs:** a sign-up sheet, consent "
        "recorded.\n\nCount only confirmed addresses.")
TABLE = ("## Lead message by segment\n\n| Segment | Lead | Hold back |\n|---|---|---|\n| Newcomers | Ease | Jargon |\n"
         "| Switchers | Value | Heritage |\n| Lapsed | What changed | Basics |")
BANDS = ("## Splits by budget\n\n- Under $20k a month: search and one social platform.\n"
         "- $20k to $80k a month: add video at 10%.\n- Above $80k: add a measurement partner.")


def _units(text: str, source: str = "d.md › Guide"):
    return units_of([{"id": "d#1", "source": source, "text": text}])


def test_a_list_of_ways_comes_whole():
    us = _units(WAYS)
    last = [u for u in us if u.text.startswith("Count only")]
    out = completed("how can we get more people on our newsletter?", last, us, "", 170)
    assert [u.text[:8] for u in out] == [u.text[:8] for u in sorted(us, key=lambda u: u.pos)] and len(out) == 4


def test_figures_said_before_or_long_stay_as_chosen():
    us = _units(WAYS)
    one = us[:1]
    assert completed("what is a newsletter?", one, us, "", 170) == one  # not a how-to
    assert completed("how do we add 500 subscribers?", one, us, "", 170) == one  # a working, not the ways
    assert completed("how can we get more subscribers?", one, us, us[1].text, 170) == one  # a follow-up: not again
    assert completed("how can we get more subscribers?", one, us, "", 20) == one  # too long to quote whole
    bands = _units(BANDS)
    assert completed("how should we split the money?", bands[:1], bands, "", 170) == bands[:1]  # bands, not ways
    rows = _units(TABLE)
    assert len(rows) == 3 and completed("what do we lead with first?", rows[:1], rows, "", 170) == rows[:1]  # a table


def test_a_plain_text_list_of_ways_comes_whole():
    us = _units(WAYS.replace("## Growing a newsletter", "GROWING A NEWSLETTER").replace("**", ""), "news.txt")
    out = completed("what do we do to sign up more readers?", us[-1:], us, "", 170)
    assert len(us) == 4 and [u.pos for u in out] == sorted(u.pos for u in us)
