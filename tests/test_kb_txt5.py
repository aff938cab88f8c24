"""The fifth stranger plain-text KB (tests/fixtures/kb_txt5): what its tool look-ups must answer, and the
general readers each probe failure led to, each also checked on another KB or a KB written here in another wording."""
from __future__ import annotations

from mpa.steps import kb_step_names, step_word
from mpa.tools import ToolExecutor
from tests.kbtool import tool_lines


# ---------------------------------------------------------------- a sequence the document's title names is its steps
def test_kb_txt5_checkpoints_are_its_steps(kb_txt5_engine):
    """"CHECKPOINT 3 - WHO AND WHERE" in a document titled "LAUNCH CHECKPOINTS": the step tool serves the KB's six
    checkpoints by their own names (it served MPA-10's ten: step 3 was "Audience definition & sizing")."""
    assert "Step 3 (Who and where)" in tool_lines(kb_txt5_engine, "get_step_guidance", step=3)
    assert "Error" in tool_lines(kb_txt5_engine, "get_step_guidance", step=7)
    d = next(t for t in ToolExecutor(kb_txt5_engine).definitions() if t["name"] == "get_step_guidance")
    assert "6-step" in d["description"] and "calls the steps checkpoints" in d["description"]


def test_a_titled_sequence_in_another_layout_is_steps():
    """The same rule in Markdown with another word ("Sprint 2: …" under "# Our launch sprints", passed in order);
    numbered worked examples ("Conversation 1: …" under "# Worked Conversations") are not steps, nor units the
    title does not name."""
    doc = ("# Our launch sprints\n\nEvery plan goes through three sprints, in order.\n\n## Sprint 1: Scope\nx\n\n"
           "## Sprint 2: Build\ny\n\n## Sprint 3: Ship\nz\n")
    assert kb_step_names([("sprints.md", doc)]) == {1: "Scope", 2: "Build", 3: "Ship"}
    assert step_word([("sprints.md", doc)]) == "sprint"
    worked = ("# Worked Conversations\n\nSix illustrative dialogues.\n\n## Conversation 1: a novice\nx\n\n"
              "## Conversation 2: a planner\ny\n\n## Conversation 3: a launch\nz\n")
    assert kb_step_names([("w.md", worked)]) == {} and step_word([("w.md", worked)]) is None
    untitled = doc.replace("# Our launch sprints", "# Our launch plan")
    assert kb_step_names([("p.md", untitled)]) == {} and step_word([("p.md", untitled)]) is None


# ---------------------------------------------------------------- a price in rupees or yen is money
def test_kb_txt5_rupee_list_is_read(kb_txt5_engine):
    """"GOOGLE ADS CPC IN INDIA - 2025" priced in ₹: the list was not read at all (only $, € and £ were money), so
    "staffing agencies in India" was answered with the Brazilian list's R$ figure alone; each now says its market."""
    got = tool_lines(kb_txt5_engine, metric="CPC", vertical="staffing agencies in India", platform="Google Ads")
    assert "India: ₹38-52" in got and "Brazil: R$2.20-2.80" in got


def test_a_yen_list_in_another_kb():
    """The same reader on a list priced in yen, in a KB written here."""
    from mpa.facts import kb_facts
    doc = "GOOGLE ADS CPC IN JAPAN - 2025\nBY BUSINESS TYPE - HIGHEST TO LOWEST\n- Dental Clinics: ¥180-240\n- Gyms: ¥95\n"
    got = {(f.label, f.value, f.unit) for f in kb_facts([("japan.txt", doc)]) if f.kind == "benchmark"}
    assert ("Dental Clinics", "¥180-240", "¥") in got and ("Gyms", "¥95", "¥") in got


# ---------------------------------------------------------------- place names with lower-case particles; accents
def test_kb_txt5_place_with_a_particle_is_sized(kb_txt5_engine):
    """"- Rio de Janeiro households 6.4M: …" and "Rio Grande do Sul: 1.46M households (…)": a place name keeping a
    small word in lower case was no place, so both rows were dropped (the tool said it sizes households "only for
    Bahia, …, São Paulo")."""
    assert "6.4M" in tool_lines(kb_txt5_engine, "get_audience_sizing", audience_type="households", geography="Rio de Janeiro")
    assert "1.46M" in tool_lines(kb_txt5_engine, "get_audience_sizing", audience_type="households filling a monthly "
                            "prescription", geography="Rio Grande do Sul")


def test_places_with_particles_in_another_layout():
    """The same reader on Spanish and Dutch place names in a block written here."""
    from mpa.facts import kb_facts
    doc = ("SPANISH HOUSEHOLDS BY REGION - 2025\n- Castilla y León households 1.0M: INE\n- Madrid households 2.7M: INE\n"
           "- Castilla-La Mancha households 0.8M: INE\n")
    got = {f.geography for f in kb_facts([("es.txt", doc)]) if f.kind == "audience"}
    assert {"Castilla y León", "Madrid", "Castilla-La Mancha"} <= got


def test_a_place_typed_without_its_accents(kb_txt5_engine, kb_txt4_engine):
    """"Sao Paulo", "Parana", "Baden-Wurttemberg": the KB's "São Paulo", "Paraná", "Baden-Württemberg" (the tool said
    it sizes households only for "…, São Paulo, not for Sao Paulo")."""
    assert "17.9M" in tool_lines(kb_txt5_engine, "get_audience_sizing", audience_type="households", geography="Sao Paulo")
    assert "4.2M" in tool_lines(kb_txt5_engine, "get_audience_sizing", audience_type="households", geography="Parana")
    assert "5.4M" in tool_lines(kb_txt4_engine, "get_audience_sizing", audience_type="households",
                           geography="Baden-Wurttemberg")


# ---------------------------------------------------------------- a platform asked by the name its KB product begins with
def test_kb_txt5_platform_asked_by_its_first_words(kb_txt5_engine):
    """"LinkedIn" for the row "LinkedIn Sponsored Content" of a "BY PLATFORM" list: the tool said the KB has the
    coworking cost per tour "only for Google Ads, LinkedIn Sponsored Content, …, not for 'LinkedIn'"."""
    got = tool_lines(kb_txt5_engine, metric="cost per tour booked", vertical="coworking spaces", platform="LinkedIn")
    assert "165-210" in got and "$58-72" not in got


def test_platform_first_words_other_names():
    """The same rule on other names: a vocabulary platform asked where the KB states only its own longer product
    name; a platform the KB states itself is still that one alone."""
    from mpa.captions import platforms_in_kb
    assert "YouTube Shorts" in platforms_in_kb("YouTube", {"YouTube Shorts", "Meta"})
    assert "Meta" not in platforms_in_kb("YouTube", {"YouTube Shorts", "Meta"})
    assert platforms_in_kb("LinkedIn", {"LinkedIn", "LinkedIn Sponsored Content"}) == {"LinkedIn"}


# ---------------------------------------------------------------- a price asked by its unit without the word after it
def test_kb_txt5_cost_per_unit_without_its_last_word(kb_txt5_engine):
    """"cost per tee time" for the KB's "COST PER TEE TIME BOOKING" list (the tool said Golf had none)."""
    assert "$7.80-9.20" in tool_lines(kb_txt5_engine, metric="cost per tee time", vertical="golf", platform="Google Ads")


def test_cost_per_unit_without_its_last_word_other_kb():
    """The same on a list written here; a name two words short is not the KB's."""
    from mpa.fact_lookups import own_metric_named
    from mpa.facts import kb_facts
    doc = "COST PER SITE VISIT BOOKED - 2025\nBY PLATFORM - HIGHEST TO LOWEST\n- Google Ads: $80-95\n- Meta: $60-70\n"
    bench = [f for f in kb_facts([("a.txt", doc)]) if f.kind == "benchmark"]
    assert own_metric_named("cost per site visit", bench) == "cost per site visit booked"
    assert own_metric_named("cost per site", bench) is None


# ---------------------------------------------------------------- one business under several of the KB's labels
def test_kb_txt5_one_business_under_several_labels(kb_txt5_engine):
    """A section declaring "META_VERTICALS: PHARMACY" files its platform rows under "Pharmacy", the cohort list's
    rows under "Independent Pharmacies"; "COWORKING" and "Coworking Spaces" likewise. The tool said "Independent
    Pharmacies" had no cost per prescription transfer and "Coworking" no ROAS."""
    got = tool_lines(kb_txt5_engine, metric="cost per prescription transfer", vertical="independent pharmacy",
                platform="Google Ads")
    assert "$19-23" in got
    assert "0.8-1.0x" in tool_lines(kb_txt5_engine, metric="ROAS", vertical="coworking")


def test_one_business_under_several_labels_other_names():
    """The label rules on other names: fewer or more words of one business, by stem; not a business sharing no
    whole label ("Mini Golf and Driving Ranges" is not "Public Golf Courses")."""
    from mpa.labelwords import longer_names, shorter_names
    labels = ["Vet", "Veterinary Clinics", "Emergency Veterinary Clinics", "Dog Grooming", "Pet Supplies"]
    assert shorter_names(["Emergency Veterinary Clinics"], labels) == ["Veterinary Clinics"]
    assert longer_names(["Veterinary Clinics"], labels) == ["Emergency Veterinary Clinics"]
    assert longer_names(["Public Golf Courses"], ["Mini Golf and Driving Ranges", "Public Golf Courses"]) == []


# ---------------------------------------------------------------- one metric at two ages is two figures
def test_kb_txt5_cohort_ages_are_two_figures(kb_txt5_engine):
    """"DAY-30 COHORT ROAS" and "DAY-180 COHORT ROAS" lists: both were read as "ROAS" and the day-180 figure was
    dropped as a repeat of the day-30 one. Each now says its age, and an age asked picks its list."""
    both = tool_lines(kb_txt5_engine, metric="ROAS", vertical="coworking spaces")
    assert "0.8-1.0x — measured at: day-30 cohort" in both and "4.4-5.0x — measured at: day-180 cohort" in both
    one = tool_lines(kb_txt5_engine, metric="day-180 cohort ROAS", vertical="tutoring centers")
    assert "3.8-4.3x" in one and "1.1-1.3x" not in one


def test_ages_in_another_caption_shape():
    """The same reader on "90-DAY ROAS BENCHMARKS" captions written here; a caption whose words before the metric
    hold no number notes no age."""
    from mpa.facts import kb_facts
    doc = ("30-DAY ROAS BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Meal Kits: 1.2x\n\n"
           "90-DAY ROAS BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Meal Kits: 2.9x\n\n"
           "BLENDED ROAS BENCHMARKS - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Pet Food: 3.3x\n")
    got = {(f.value, f.qualifier) for f in kb_facts([("r.txt", doc)]) if f.kind == "benchmark"}
    assert ("1.2x", "measured at: 30-day") in got and ("2.9x", "measured at: 90-day") in got
    assert ("3.3x", "") in got


# ---------------------------------------------------------------- a figure in months
def test_kb_txt5_payback_in_months(kb_txt5_engine):
    """"PAYBACK PERIOD - 2025" rows "- Tutoring Centers: 5-7 months" and a profile's "Sales Cycle: 3-5 months": a
    figure in months was no figure, so the list and the lines were dropped."""
    assert "5-7 months" in tool_lines(kb_txt5_engine, metric="payback period", vertical="tutoring centers")
    assert "3-5 months" in tool_lines(kb_txt5_engine, metric="sales cycle", vertical="boat dealers")


def test_months_and_days_on_other_kbs(kb_txt4_engine):
    """kb_txt4's "CAC Payback: 9-12 months" (listed as still wrong there: it was read as nothing, and asked as "CAC
    payback" the vocabulary's CAC was looked for) and kb_txt's "Typical Decision Window: 3-21 days"; a sentence
    before a colon is no figure's name."""
    from mpa.facts import kb_facts
    assert "9-12 months" in tool_lines(kb_txt4_engine, metric="CAC payback", vertical="email security")
    doc = ("INSURANCE AGENCIES - PROFILE\nTypical Decision Window: 3-21 days\n\n"
           "Retargeting pools saturate quickly. Use windows by intent: 1-7 days for cart abandoners.\n")
    got = {(f.metric, f.value, f.unit) for f in kb_facts([("p.txt", doc)]) if f.kind == "benchmark"}
    assert got == {("typical decision window", "3-21 days", "days")}


# ---------------------------------------------------------------- a list's row named inside a longer description
def test_kb_txt5_row_named_inside_a_description(kb_txt5_engine):
    """"staffing agency placing travel nurses": the "BY JOB FAMILY" row "Travel Nurses" (the description matched
    "Travel and Leisure" by its first word and had no cost per applicant)."""
    got = tool_lines(kb_txt5_engine, metric="cost per applicant", vertical="staffing agency placing travel nurses")
    assert "$58-74" in got
    assert "$9.50-12.50" in tool_lines(kb_txt5_engine, metric="cost per applicant",
                                   vertical="staffing firm hiring warehouse workers")


def test_row_named_inside_a_description_other_kb(kb_txt2_engine):
    """kb_txt2's "BY PROGRAM TYPE" row asked inside a description; a description naming two rows names neither."""
    from mpa.fact_lookups import _row_within
    got = tool_lines(kb_txt2_engine, metric="inquiry to enrollment rate", vertical="a university that runs nursing degree "
                "programs")
    assert "8.0%" in got
    assert _row_within("online MBA and nursing degree programs", ["Online MBA Programs", "Nursing Degree Programs"]) == []


# ---------------------------------------------------------------- a platform's own "BY METRIC" list; a one-letter name
def test_kb_txt5_platform_metric_list(kb_txt5_engine):
    """"X ADS COST BENCHMARKS - H1 2025" / "BY METRIC" / "- CPC: $0.38-0.62": the rows were filed under a vertical
    "Cost Benchmarks" (the caption's words), and the platform asked as "X" was no platform (the vocabulary finds
    X only by its longer names)."""
    got = tool_lines(kb_txt5_engine, metric="CPC", platform="X")
    assert "$0.38-0.62" in got and "Cost Benchmarks" not in got


def test_platform_metric_list_other_layout():
    """The same list shape for another platform, written here: its figures are the platform's, of no vertical."""
    from mpa.facts import kb_facts
    doc = "SNAPCHAT COST BENCHMARKS - 2025\nBY METRIC\n- CPM: $2.90-3.60\n- Swipe-Up Rate: 0.5-0.8%\n"
    got = {(f.vertical, f.metric, f.platform, f.value) for f in kb_facts([("s.txt", doc)]) if f.kind == "benchmark"}
    assert (None, "CPM", "Snapchat", "$2.90-3.60") in got and (None, "swipe-up rate", "Snapchat", "0.5-0.8%") in got


# ---------------------------------------------------------------- a glossary acronym spelt out in more than one word
def test_kb_txt5_glossary_acronym_of_a_longer_unit(kb_txt5_engine):
    """"CPSV - Cost per showroom visit." in the glossary: the acronym was read only for a one-word unit ("CPP - Cost
    per point."), so "CPSV" found nothing."""
    assert "$240-295" in tool_lines(kb_txt5_engine, metric="CPSV", vertical="RV dealers")
    assert "$240-295" in tool_lines(kb_txt5_engine, metric="cost per showroom visit", vertical="RV dealers")


def test_glossary_acronym_of_a_longer_unit_other_kb():
    """The same on a glossary and list written here."""
    from mpa.facts import kb_facts
    doc = ("COST PER QUOTE REQUEST - 2025\nBY VERTICAL - HIGHEST TO LOWEST\n- Roofers: $48-60\n\n"
           "CPQR - Cost per quote request. Spend divided by quote forms sent.\n")
    got = {(f.metric, f.metric_name) for f in kb_facts([("g.txt", doc)]) if f.kind == "benchmark"}
    assert got == {("CPQR", "cost per quote request")}


# ---------------------------------------------------------------- a platform's rate asked by its whole caption name
def test_kb_txt5_platform_rate_asked_by_its_whole_name(kb_txt5_engine, kb_txt4_engine):
    """"TWITCH COMPLETION RATE - H1 2025" is read as the metric "twitch completion rate" of no platform; asked so on
    Twitch (as the agent asks it), the tool said Twitch had figures for CPM only. kb_txt4's "DIRECT MAIL RESPONSE
    RATE" asked on Direct Mail likewise."""
    got = tool_lines(kb_txt5_engine, metric="twitch completion rate", platform="Twitch")
    assert "88-92%" in got and "71-78%" in got
    assert "7.2-8.4%" in tool_lines(kb_txt4_engine, metric="direct mail response rate", platform="direct mail")


# ---------------------------------------------------------------- the scorers read a figure in months by its row
def test_scorers_read_a_span_of_time_by_its_row(monkeypatch):
    """"3-4 months" quoted from kb_txt5's payback list was scored as unsupported ("3 [month] outside … range: not one
    of its figures"): the row's unit "months" was not the claim's "month". An invented span is still caught; kb_txt4's
    "CAC Payback: 9-12 months" is read the same way."""
    from pathlib import Path

    from scorers import grounding
    root = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
    for kb, src, text, right, wrong in (
            ("kb_txt5", "cohort_returns_and_payback.txt", "- Tutoring Centers: 5-7 months",
             "the Tutoring Centers payback period figures are: 5-7 months", "the Tutoring Centers payback period "
             "figures are: 8-11 months"),
            ("kb_txt4", "cybersecurity_vendor_pipeline.txt", "CAC Payback: 9-12 months",
             "the Email Security cac payback figures are: 9-12 months", "the Email Security cac payback figures "
             "are: 13-15 months")):
        monkeypatch.setenv("MPA_KB_DIR", str(root / kb))
        ev = [{"id": "c#1", "source": src, "text": text}]

        def score(answer):
            return grounding(input="how long is the payback?", output={"response": f"Based on Knowledge Base [c#1], "
                             f"{answer} [c#1].", "retrieved": ev}, expected={}, metadata={}).score
        assert score(right) == 1.0 and score(wrong) < 1.0, kb


# ---------------------------------------------------------------- a profile figure named a price or a value
def test_profile_price_and_value(kb_txt5_engine):
    """"Average Selling Price: $68,000" and "Average Package Value: $1,240" in kb_txt5's profile blocks: a figure named
    by its last noun was read only for a rate, churn, margin, share or retention, so these were no figures. The same
    on a profile written here, where a count with no such last noun is still none (a price or a share in a profile is
    the business's own figure by its label: tests/test_kb_layouts.py)."""
    from mpa.facts import kb_facts
    assert "$68,000" in tool_lines(kb_txt5_engine, metric="average selling price", vertical="boat dealers")
    assert "$1,240" in tool_lines(kb_txt5_engine, metric="average package value", vertical="tutoring centers")
    got = dict((f.metric, f.value) for f in kb_facts([("c.txt", "CAR WASHES - UNLIMITED MEMBERSHIP PROFILE\n"
                                                       "Average Wash Price: $14\nLifetime Member Value: $310-380\n"
                                                       "Typical Fleet Size: 40\n")]) if f.kind == "benchmark")
    assert got == {"average wash price": "$14", "lifetime member value": "$310-380"}
