"""A business the KB does not describe must not borrow another's figures through a word it shares only by
chance: a stem ("cycling" meets "sales cycles") or a word most verticals' texts use in another sense
("holiday" in each seasonality note). On kb/ (the tables'
retrieval fallback over vertical tables, :func:`mpa.resolve.own_word_said`) and on a plain-text KB of vertical
tables written here. Wording of this file's own (``tests/unseen_wording.py``)."""
from __future__ import annotations

import pytest

from mpa import resolve
from mpa.lookups import lookup_benchmark
from tests.test_business_resolution import _meaning  # noqa: F401  (the encoder on, as the agent runs)
from tests.unseen_wording import assert_unseen

TEXTS = {  # three verticals' own texts, written for this test
    "software": "Software vendors. Buying cycles run long, and holiday weeks are slow for demos.",
    "toys": "Toy makers and hobby shops. Holiday weeks are the peak for gifts.",
    "garden": "Garden centres and nurseries. Holiday weekends bring the most visitors.",
}

# (engine, business, a vertical it must not be read as) — each was read as that vertical before
BORROWED = [
    ("shipped_engine", "holiday cycling", "saas"),       # "cycling" is a stem of "cycles"; holidays are every vertical's
    ("shipped_engine", "budget cycling", "saas"),
    ("txt_tables_engine", "holiday cycling", "software"),
]
KEPT = [  # a passage saying the user's own word, one vertical's, still names it
    ("shipped_engine", "cruise", "travel"),
    ("txt_tables_engine", "hop farm", "brewing"),
]
TABLE = "| Metric | Low | Typical | High |\n| --- | --- | --- | --- |\n| CPA (cost per acquisition) | ${} | ${}–${} | ${} |\n"
TXT_KB = {  # a plain-text KB of vertical tables in this file's own wording
    "benchmarks-brewing.txt": "Craft brewery benchmarks\n\nFor taprooms and small breweries.\n\n" + TABLE.format(6, 9, 14, 25)
    + "\n## Seasonality for brewers\n\nSummer festivals and the holidays lift taproom visits; hops from a farm nearby "
      "are a story buyers like.\n",
    "benchmarks-software.txt": "Business software benchmarks\n\nFor vendors of accounting and payroll tools.\n\n"
    + TABLE.format(90, 150, 300, 600) + "\n## Seasonality for vendors\n\nDemand follows fiscal planning cycles "
      "rather than the holidays; renewals cluster at year end.\n",
    "benchmarks-toys.txt": "Toy benchmarks\n\nFor makers of board games and plush toys.\n\n" + TABLE.format(8, 12, 20, 40)
    + "\n## Seasonality for toy makers\n\nThe holidays are the peak: most gifts are bought in the last six weeks.\n",
}


@pytest.fixture(scope="module")
def txt_tables_engine(tmp_path_factory):
    from mpa.engine import build_engine
    from rag.config import get_preset
    root = tmp_path_factory.mktemp("txt_tables")
    for name, text in TXT_KB.items():
        (root / name).write_text(text)
    return build_engine(str(root), get_preset("hybrid-weighted"), index_path=str(root / "index.json"))


def test_wording_is_unseen():
    assert_unseen([b for _, b, _ in BORROWED], [b for _, b, _ in KEPT])


def test_a_stem_shared_by_chance_is_not_the_business_word():
    assert not resolve.own_word_said("cycling tours", TEXTS["software"], TEXTS)


def test_a_word_most_verticals_use_says_nothing_of_the_business():
    assert not resolve.own_word_said("holiday weeks", TEXTS["software"], TEXTS)
    assert resolve.own_word_said("software holiday weeks", TEXTS["software"], TEXTS)
    assert resolve.own_word_said("hobby kits", TEXTS["toys"], TEXTS)


def _verticals(engine, business: str) -> set[str]:
    found = lookup_benchmark(engine, business, "CPA").result
    return {found.vertical} if found else set()


@pytest.mark.parametrize("engine,business,label", BORROWED)
def test_a_business_sharing_a_word_by_chance_gets_no_figures_of_that_label(request, engine, business, label):
    assert label not in _verticals(request.getfixturevalue(engine), business)


@pytest.mark.parametrize("engine,business,label", KEPT)
def test_a_passage_saying_the_users_own_word_still_names_the_business(request, engine, business, label):
    assert _verticals(request.getfixturevalue(engine), business) == {label}
