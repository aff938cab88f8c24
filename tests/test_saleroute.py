"""Where a vertical sells is not what it is (mpa/saleroute.py, mpa/business.py, mpa/lookups.py): a business that
makes what another vertical only sells through ("websites" in "grocers that sell through both stores and websites")
is not read as that vertical — on the shipped KB (its introductions, read by words and by meaning) and on a copy of
the kb_alt fixture with a route sentence added to a section (read by meaning). Wording of this file's own."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import agent.offline  # noqa: F401  (plugs the offline encoder into mpa.resolve)

from mpa.fact_lookups import find_benchmarks
from mpa.saleroute import routed, without_routes
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parent.parent
# the shipped KB's retail introduction names websites only as where grocers sell
MADE = ["our studio builds websites for florists. what's a typical cpc?",
        "we build websites. typical cost per click?"]
KEPT = [("we run a chain of corner grocers. typical cpc?", "retail")]
# a section of a copy of kb_alt gains a sentence saying where holiday rentals are sold
ROUTE_SENTENCE = "Cabins, cottages and apartments let by the night, sold mostly through booking apps and listing websites."


def test_wording_is_own():
    assert_unseen(MADE + [t for t, _ in KEPT] + ["we build listing websites", "lakeside cabins"])


def test_items_after_or_opening_a_route_are_places_of_sale():
    items = ["department stores", "specialty chains", "grocers that sell through both stores", "websites."]
    assert routed(items) == [False, False, False, True]
    assert routed(["apartments let by the night", "sold mostly through booking apps", "listing websites"]) == [
        False, True, True]
    assert without_routes("grocers that sell through both stores and websites. It is for planners.") == \
        "grocers that. It is for planners."
    assert without_routes("Brands stocked at pharmacies; they also run kiosks.") == "Brands; they also run kiosks."
    own = "brands that sell through their own online store."   # the seller's own shop says what the business is
    assert without_routes(own) == own and routed(["brands that sell through their own online store", "app"]) == [False, False]


@pytest.mark.parametrize("text", MADE)
def test_a_maker_of_websites_is_no_retailer(shipped_engine, monkeypatch, meaning, text):
    monkeypatch.setenv("MPA_KB_DIR", KB)
    [(answer, calls)] = turns(shipped_engine, [text])
    for c in calls:
        if "vertical" in c and "metric" in c:
            found = find_benchmarks(shipped_engine, c["vertical"], c["metric"], c.get("platform"))
            assert not any(r.vertical == "retail" for r in found.result), (c, found.reason)
    assert "typical retail" not in answer.lower(), answer   # the decline lists retail among what is covered


@pytest.mark.parametrize("text,vertical", KEPT)
def test_a_business_its_introduction_names_keeps_its_vertical(shipped_engine, monkeypatch, meaning, text, vertical):
    monkeypatch.setenv("MPA_KB_DIR", KB)
    [(_, calls)] = turns(shipped_engine, [text])
    got = {r.vertical for c in calls if "vertical" in c and "metric" in c
           for r in find_benchmarks(shipped_engine, c["vertical"], c["metric"], c.get("platform")).result}
    assert got == {vertical}, calls


@pytest.fixture(scope="module")
def routed_alt(tmp_path_factory):
    """kb_alt with a sentence saying where its holiday rentals are sold."""
    from mpa.engine import build_engine
    folder = tmp_path_factory.mktemp("kb_alt_routed") / "kb"
    shutil.copytree(ROOT / "tests" / "fixtures" / "kb_alt", folder)
    page = folder / "hospitality-benchmarks.md"
    text = page.read_text()
    anchor = "\nRental owners who list"   # the prose after the section's list
    assert text.count(anchor) == 1
    page.write_text(text.replace(anchor, f"\n{ROUTE_SENTENCE}\n{anchor}"))
    return build_engine(folder, index_path=folder.parent / "index.json")


def test_a_place_of_sale_names_no_section_by_meaning(routed_alt, meaning):
    for phrase in ("listing websites", "we build listing websites"):
        found = find_benchmarks(routed_alt, phrase, "cost per click")
        assert not found.result, (phrase, [r.vertical for r in found.result])
    found = find_benchmarks(routed_alt, "lakeside cabins", "cost per click")   # what the section lets stays its own
    assert {r.vertical for r in found.result} == {"Holiday rentals"}
