"""A budget stated, and the KB's advice split into sections by money bands: when the search found only another band's
section, its siblings are searched by the heading's own words and the band holding the budget answers
(agent.offline.bandsibling). Wording of our own, on kb/ and on a plain-text KB written here."""
from __future__ import annotations

from agent.offline import bandsibling
from agent.offline.toolread import ToolOutcome
from mpa.engine import build_engine
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

FRAME = "-" * 80
CLINIC_KB = f"""GROWTH SPENDING FOR VETERINARY CLINICS - VERSION 1.0
META - Document: How much a vet clinic group spends on advertising and where it goes at each level of spend

{FRAME}
SECTION 1 - CLINICS SPENDING UNDER $10,000 A MONTH
{FRAME}
META_TOPICS: budget, channels

Put nearly all of it into search and local maps listings; a second channel only after three months of steady bookings.
A clinic at this level cannot feed two learning campaigns at once, so every dollar outside search slows both.
Review the maps listing photos and opening hours every quarter; they decide more calls than the ad copy does.
Track booked appointments by phone and by the online form separately, since front desks log calls unevenly.
Expect the first month to be noisy: a single weekend of emergency visits can double the cost of a booking.

{FRAME}
SECTION 2 - CLINICS SPENDING $10,000 TO $60,000 A MONTH
{FRAME}
META_TOPICS: budget, channels

Keep search as the base, then open pet-owner video on streaming apps and a direct-mail test to nearby households.
Give each new channel its own holdout of clinics so its bookings can be told apart from what search brings in.
Add the second channel only when search has held its cost per booking for eight straight weeks.
Stagger the launches by a month so that a dip in bookings can be traced to the channel that caused it.
Reserve a tenth of the money for tests that may fail, and say so to the practice owners before they start.

{FRAME}
SECTION 3 - WHY BOOKINGS DIP IN WINTER
{FRAME}
META_TOPICS: seasonality

Fewer routine visits fall in the winter months; keep reminders running and do not cut search in December.
Vaccination reminders sent in late January bring back the owners who skipped the holiday weeks.
Boarding and grooming demand peaks before the holidays, which can hide the dip in routine checkups.
Compare each winter with the one before it, never with the autumn, when judging whether a campaign worked.

"""


def _searched(*passages: tuple[str, str]) -> list[ToolOutcome]:
    """One search's outcome holding ``passages`` as (plain-text section name, text) pairs."""
    return [ToolOutcome("search_knowledge_base", {"query": "q"}, "x", False,
                        [{"id": f"doc#{i}", "source": f"doc.txt › {s}", "text": t} for i, (s, t) in enumerate(passages)])]


def test_only_another_bands_section_found_searches_its_heading_words():
    low = ("Section 1 - Clinics Spending Under $10,000 A Month", "Put nearly all of it into search.")
    mid = ("Section 2 - Clinics Spending $10,000 To $60,000 A Month", "Keep search as the base.")
    prose = ("Section 3 - Why Bookings Dip In Winter", "Fewer routine visits fall in the winter months.")
    q = bandsibling.query("our four clinics now put 35000 a month into ads, where should it go?", _searched(low, prose))
    assert q == "Section Clinics Spending A Month", q
    # the budget's own band among the passages, no budget said, or no band at all: nothing more to search
    assert bandsibling.query("our four clinics now put 35000 a month into ads", _searched(low, mid)) is None
    assert bandsibling.query("where should our ad money go?", _searched(low, prose)) is None
    assert bandsibling.query("our clinics put 35000 a month into ads", _searched(prose)) is None


def test_the_shipped_kb_answers_from_the_band_holding_the_budget(shipped_engine, monkeypatch):
    message = "our agency has 85000 to place each month - lay out a search and social split for us"
    assert_unseen(message)
    got = answer_on(shipped_engine, [message], monkeypatch)
    assert "$50k to $250k" in got and "under $50k" not in got, got[:600]


def test_a_plain_text_kb_answers_from_the_band_holding_the_budget(tmp_path, monkeypatch):
    """Both bands are within the first search's reach on this small KB, so no second search is made: the answer is
    the budget's own band, and the sibling search (which reads a plain-text section from the passage's source, as
    the first test shows) has nothing to add."""
    (tmp_path / "clinic_growth_spending.txt").write_text(CLINIC_KB)
    engine = build_engine(tmp_path, index_path=tmp_path / "index.json")
    message = "our three animal hospitals have 40000 a month for search and maps listings now. how should we spread it?"
    assert_unseen(message)
    got = answer_on(engine, [message], monkeypatch, str(tmp_path))
    assert "pet-owner video" in got and "nearly all of it into search" not in got, got[:600]
