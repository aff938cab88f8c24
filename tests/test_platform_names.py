"""get_benchmark names each platform as the KB names it (mpa/platform_names.py); look-ups still match the
vocabulary's names ("bing", "microsoft ads")."""
from mpa.fact_lookups import facts, find_benchmarks
from mpa.platform_figures import find_platform_figures
from mpa.platform_names import name_platforms, recased
from mpa.facts import text_facts
from mpa.tools import ToolExecutor


def test_recased_takes_the_prose_spelling_else_title_case():
    forms = {"siriusxm": "SiriusXM", "tv": "TV"}
    assert recased("SIRIUSXM AUDIO", forms) == "SiriusXM Audio"
    assert recased("Siriusxm Audio", forms) == "SiriusXM Audio"  # a caption's name, title-cased before
    assert recased("STREAMING TV", forms) == "Streaming TV"
    assert recased("MICROSOFT ADVERTISING", {}) == "Microsoft Advertising"
    assert recased("The Trade Desk open marketplace", forms) == "The Trade Desk open marketplace"


def _names(docs):
    out = text_facts(docs)
    name_platforms(out, tuple(docs))
    return {(f.label, f.platform, f.platform_name) for f in out if f.kind == "benchmark"}


def test_a_small_kb_in_another_layout():
    """A KB the project was not written with: a product of a brand the vocabulary knows by its bare name, a
    vocabulary platform under another of its names, one of the KB's own platforms in capitals."""
    doc = ("ACME MEDIA COSTS - VERSION 1\n\n"
           "Our team buys Hotstream audio and TikTok for clients; HotStreamX sells both.\n\n"
           "AMAZON SPONSORED BRANDS CPC BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n"
           "- Pet Supplies: $1.10-1.40\n- Home Goods: $0.90\n\n"
           "MICROSOFT ADS CPC BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Pet Supplies: $1.60\n\n"
           "BING ADS CPM BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Pet Supplies: $9.00\n\n"
           "HOTSTREAMX CPM BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Pet Supplies: $14.00\n")
    got = _names([("acme.txt", doc)])
    assert ("Pet Supplies", "Amazon Ads", "Amazon Sponsored Brands") in got
    assert ("Pet Supplies", "Bing Ads", "Microsoft Ads") in got
    assert ("Pet Supplies", "Bing Ads", "Bing Ads") in got  # the KB says the key's own words
    assert ("Pet Supplies", "Hotstreamx", "HotStreamX") in got  # matched as written, shown as its prose spells it


def test_kb_txt2_microsoft_and_google_app_campaigns(kb_txt2_engine):
    found = find_benchmarks(kb_txt2_engine, "Pest Control", "CPC", "bing")
    assert [b.platform for b in found.result] == ["Microsoft Advertising"]
    again = find_benchmarks(kb_txt2_engine, "Pest Control", "CPC", "microsoft ads")
    assert [(b.platform, b.value) for b in again.result] == [(b.platform, b.value) for b in found.result]
    figs = find_platform_figures(kb_txt2_engine, "Google", "CPI").result
    assert figs and {f.platform for f in figs} == {"Google App Campaigns"}
    out = ToolExecutor(kb_txt2_engine).execute("get_benchmark", {"platform": "Bing", "metric": "CPC"})
    assert "Microsoft Advertising" in out.content and "Bing Ads" not in out.content
    assert {f["platform"] for f in out.data["figures"]} == {"Microsoft Advertising"}


def test_kb_txt3_capitals_from_its_prose(kb_txt3_engine):
    names = {f.platform_name for f in facts(kb_txt3_engine) if f.kind == "benchmark" and f.platform}
    # "SIRIUSXM AUDIO CPM BENCHMARKS": the seller is SiriusXM (as its prose writes it), "AUDIO" is what it sells
    assert "SiriusXM" in names and not {n for n in names if n.lower().startswith("siriusxm ")}
    assert "Microsoft Advertising" in names and "Bing Ads" not in names


def test_kb_txt_keeps_the_names_its_captions_write(kb_txt_engine):
    """kb_txt heads its lists "BING ADS …", "GOOGLE ADS …", "META …": the names stay the vocabulary's."""
    names = {(f.platform, f.platform_name) for f in facts(kb_txt_engine) if f.kind == "benchmark" and f.platform}
    assert {p for p, _ in names} >= {"Bing Ads", "Google Ads", "Meta"}
    assert all(n == p for p, n in names)


def test_shipped_kb_tables_report_the_vocabulary_names(shipped_engine):
    """kb/ states its figures in tables with no platform; a look-up's platform stays what it was."""
    b = find_benchmarks(shipped_engine, "ecommerce", "CPC").result
    assert b and all(not r.platform for r in b)
    assert all(not getattr(f, "platform_name", "") or f.platform_name == f.platform
               for f in facts(shipped_engine) if f.kind == "benchmark")


def test_the_tool_description_lists_the_kbs_own_platforms_as_written(kb_txt3_engine, kb_txt2_engine):
    """get_benchmark's description (which a model, and the offline agent, read) names the KB's own platforms as
    the KB writes them, not title-cased from a caption."""
    from mpa.fact_lookups import kb_platform_note

    note = kb_platform_note(kb_txt3_engine)
    assert "SiriusXM," in note and "Siriusxm" not in note and "SiriusXM Audio" not in note, note
    assert "Apple Search Ads" in kb_platform_note(kb_txt2_engine)
