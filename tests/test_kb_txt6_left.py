"""What the sixth stranger KB (tests/fixtures/kb_txt6) still got wrong after its first fixes: each general rule
checked on kb_txt6 and on a KB written here in another wording (so the rule is no kb_txt6 fact)."""
from __future__ import annotations

from mpa.engine import build_engine
from tests.kbtool import tool_lines


# ---------------------------------------------------------------- a channel asked in the words its glossary spells out
def test_kb_txt6_channel_asked_in_its_glossary_words(kb_txt6_engine):
    """"DOOH CPM" files its rows under "Dooh", and the glossary spells it "DOOH - Digital out-of-home.": asked as
    "digital out-of-home", the look-up said it had the figure "only for Dooh"."""
    got = tool_lines(kb_txt6_engine, metric="CPM", vertical="transit shelters", platform="digital out-of-home")
    assert "7.20-8.40" in got
    assert "7.20-8.40" in tool_lines(kb_txt6_engine, metric="CPM", vertical="transit shelters", platform="Digital Out of Home")
    assert "not in the knowledge base" in tool_lines(kb_txt6_engine, metric="CPM", vertical="transit shelters",
                                                platform="digital radio")


def test_channel_spelled_out_in_prose_in_another_kb(tmp_path):
    """The same rule on a KB written here: prose spells the short name out before it in brackets ("in-game
    advertising (IGA)"), a caption files the rows under it; both the long words and the short name find the row,
    and the long words of something else do not."""
    (tmp_path / "games.txt").write_text(
        "IN-GAME MEDIA - VERSION 1\n\nWe buy in-game advertising (IGA) by game genre.\n\n"
        "IGA CPM - 2025\nBY GAME GENRE - HIGHEST TO LOWEST\n- Racing Games: $12-15 (highest)\n"
        "- Puzzle Games: $6-8 (lowest)\n")
    engine = build_engine(tmp_path)
    assert "12-15" in tool_lines(engine, metric="CPM", vertical="racing games", platform="in-game advertising")
    assert "12-15" in tool_lines(engine, metric="CPM", vertical="racing games", platform="IGA")
    assert "12-15" not in tool_lines(engine, metric="CPM", vertical="racing games", platform="in-store audio")


# ---------------------------------------------------------------- a metric asked by the middle of its longer name
def test_kb_txt6_metric_asked_by_the_middle_of_its_name(kb_txt6_engine):
    """"LOCAL MEDIA BUDGET PER LOCATION PER MONTH" lists a franchise's budget; asked as "budget per location", the
    look-up had "none for 'budget per location'"."""
    assert "1,100" in tool_lines(kb_txt6_engine, metric="budget per location", vertical="tax preparation franchises")
    assert "650-900" in tool_lines(kb_txt6_engine, metric="media budget per location", vertical="hair salon franchises")


def _dealer_doc(caption: str, rows: str) -> str:
    """A plain-text KB file in kb_txt's conventions: a title line, a dash-framed section, a captioned list."""
    rule = "-" * 80
    return (f"DEALER MEDIA GUIDE - VERSION 1.0\nMETA - Document: what dealers spend on their own media\n\n{rule}\n"
            f"SECTION 1 - DEALER BUDGETS\n{rule}\nMETA_TOPICS: budgets\n\n{caption} - 2025\n"
            f"BY DEALER TYPE - HIGHEST TO LOWEST\n{rows}")


def test_metric_asked_by_the_middle_of_its_name_in_another_kb(tmp_path):
    """The same rule on captions written here: "budget per dealer" finds "marketing budget per dealer per
    quarter", and not when two of the KB's metrics hold the words (the asked name does not say which)."""
    (tmp_path / "dealers.txt").write_text(_dealer_doc("MARKETING BUDGET PER DEALER PER QUARTER",
                                                      "- Motorcycle Dealers: $4,200-5,100 (highest)\n- Boat Dealers: $3,000\n"))
    assert "4,200-5,100" in tool_lines(build_engine(tmp_path), metric="budget per dealer", vertical="motorcycle dealers")
    (tmp_path / "dealers2.txt").write_text(_dealer_doc("CO-OP BUDGET PER DEALER PER YEAR",
                                                       "- Motorcycle Dealers: $17,000-19,000\n"))
    got = tool_lines(build_engine(tmp_path), metric="budget per dealer", vertical="motorcycle dealers")
    assert "4,200" not in got and "17,000" not in got


# ---------------------------------------------------------------- a caption word that is part of a metric's short name
def test_kb_txt6_viewable_cpm_is_the_glossary_vcpm(kb_txt6_engine):
    """"VIEWABLE CPM - 2025" was read as the platform "Viewable" with CPM, though the KB writes "Viewable CPM
    (vCPM)" and its glossary "vCPM - Viewable cost per thousand impressions.": asked as vCPM, the placement's row
    was not found. It is found by "vCPM", "viewable CPM" and "CPM", with no platform; a CPM that is not viewable
    (DOOH's) is not a vCPM."""
    for metric in ("vCPM", "viewable CPM", "CPM"):
        got = tool_lines(kb_txt6_engine, metric=metric, vertical="outstream in-article")
        assert "11.40-13.10" in got and "Viewable" not in got
    assert "34-41" not in tool_lines(kb_txt6_engine, metric="vCPM", vertical="airport terminals")
    assert "names no platform" in tool_lines(kb_txt6_engine, metric="CPM", platform="Viewable")


def test_metric_short_name_in_a_caption_in_another_kb(tmp_path):
    """The same rule on a KB written here: "ATTENTIVE CPM" with prose "Attentive CPM (aCPM)" is the KB's aCPM, no
    platform "Attentive"."""
    rule = "-" * 80
    (tmp_path / "attention.txt").write_text(
        f"ATTENTION MEDIA - VERSION 1.0\nMETA - Document: what attention costs\n\n{rule}\nSECTION 1 - ATTENTION\n"
        f"{rule}\nMETA_TOPICS: attention\n\nWe buy on Attentive CPM (aCPM): the price of a thousand impressions "
        "looked at for two seconds or more.\n\nATTENTIVE CPM - 2025\nBY AD FORMAT - HIGHEST TO LOWEST\n"
        "- Rich Media Banners: $14-17 (highest)\n- Static Banners: $5.50 (lowest)\n")
    engine = build_engine(tmp_path)
    for metric in ("aCPM", "attentive CPM"):
        got = tool_lines(engine, metric=metric, vertical="rich media banners")
        assert "14-17" in got and "Attentive" not in got.split("\n")[1]
