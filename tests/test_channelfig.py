"""Platform / channel figures read from a KB table's labels (agent.offline.channelfig)."""
from agent.offline import channelfig

_ROWS = {"id": "doc#1", "section": "Cost guide", "text": (
    "## Cost guide\n\n| Network | CPM | CPC |\n|---|---|---|\n| Pinterest | $4–$8 | $0.30–$1.00 |\n"
    "| YouTube | $9–$20 | $0.90–$2.50 |\n")}
_COLS = {"id": "doc#2", "section": "Radio prices", "text": (
    "| Radio metric | Drive-time slots | Overnight slots |\n|---|---|---|\n| CPM | $11–$19 | $2–$5 |\n")}


def test_row_labels_answer_and_both_compared_entities_are_quoted():
    para = channelfig.paragraph("is youtube pricier than pinterest per click?", ["CPC"], [_ROWS])
    assert "[doc#1]" in para and "YouTube CPC: $0.90–$2.50" in para and "Pinterest CPC: $0.30–$1.00" in para
    assert "CPM" not in para


def test_column_headers_answer_when_the_metric_labels_the_row():
    para = channelfig.paragraph("cost per thousand for overnight radio?", ["CPM"], [_COLS])
    assert "Overnight slots CPM: $2–$5" in para and "Drive-time" not in para


def test_no_shared_label_word_means_no_answer():
    assert channelfig.paragraph("what is the CPM for snack brands", ["CPM"], [_ROWS, _COLS]) is None


def test_named_reads_the_shared_vocabulary():
    assert channelfig.named("how much is a podcast read") and not channelfig.named("what is our margin")


def test_an_uncovered_industry_gets_no_channel_figure_in_its_place():
    from agent.offline.parse import parse
    from agent.offline.policy import _channel_turn
    q = "what do casinos pay per click on tiktok?"
    assert not _channel_turn(q, parse(q), [])
    q2 = "what do brands pay per click on tiktok?"
    assert _channel_turn(q2, parse(q2), [])


def test_a_judgement_adds_what_the_document_says_under_the_entitys_heading():
    notes = {"id": "doc#3", "source": "doc.md › Networks", "section": "Networks", "text": (
        "### YouTube\n\nLong-form video reaches viewers at home on big screens.\n\n### Worked example: YouTube month\n\n"
        "A made-up spend of $9,000 on YouTube.\n")}
    table = {**_ROWS, "source": "doc.md › Cost guide"}
    para = channelfig.paragraph("is youtube worth it per click?", ["CPC"], [table, notes])
    assert "reaches viewers at home" in para and "[doc#3]" in para and "made-up" not in para
    assert "reaches viewers" not in channelfig.paragraph("youtube cost per click?", ["CPC"], [table, notes])


def test_a_unit_price_question_names_its_metric_and_hyphenated_labels_match_their_parts():
    assert channelfig.priced("how much does a click on youtube cost?") == ["CPC"]
    audio = {"id": "doc#4", "section": "Audio", "text": (
        "| Audio inventory | CPM |\n|---|---|\n| Host-read podcast | $20–$50 |\n| Programmatic podcast | $12–$25 |\n"
        "| Streaming radio | $15–$30 |\n")}
    para = channelfig.paragraph("what does a host read spot cost per thousand?", ["CPM"], [audio])
    assert "Host-read podcast CPM: $20–$50" in para and "Streaming" not in para


_VARIANTS = {"id": "doc#4", "section": "Podcast price guide", "text": (
    "## Podcast price guide\n\n| Podcast metric | Host-read | Dynamically inserted |\n|---|---|---|\n"
    "| CPM | $18–$25 | $12–$16 |\n| Completion rate | 85%–95% | 80%–90% |\n")}


def test_a_table_of_one_entitys_variants_answers_with_every_variant():
    """The entity is named by the table's corner label (or its section), the columns only its variants:
    a question naming the entity and not a variant gets every variant's figure."""
    para = channelfig.paragraph("roughly what do podcasts charge per thousand listens?", ["CPM"], [_VARIANTS])
    assert "Host-read) CPM: $18–$25" in para and "Dynamically inserted) CPM: $12–$16" in para and "[doc#4]" in para


def test_a_named_variant_still_picks_its_own_column():
    para = channelfig.paragraph("what's the CPM for host-read podcast spots?", ["CPM"], [_VARIANTS])
    assert "$18–$25" in para and "$12–$16" not in para


def test_a_variants_table_of_another_entity_does_not_answer():
    assert channelfig.paragraph("what's the CPM on billboards?", ["CPM"], [_VARIANTS]) is None


def test_the_shipped_kbs_ctv_table_answers_a_ctv_price_question(shipped_engine):
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent
    from mpa.tools import ToolExecutor
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine)).send("how much is CTV per thousand impressions?")
    assert "$15–$30" in turn.assistant and "$30–$60" in turn.assistant and "[channel-ctv#" in turn.assistant


def test_another_channels_row_sharing_a_word_does_not_answer_and_a_short_name_finds_the_owner():
    audio = {"id": "doc#5", "section": "Audio", "text": "| Inventory | CPM |\n|---|---|\n| Streaming audio | $9–$14 |\n"}
    tv = {"id": "doc#6", "section": "Costs", "text": "| CTV metric | Open exchange | Premium |\n|---|---|---|\n| CPM | $11–$22 | $25–$50 |\n"}
    para = channelfig.paragraph("ballpark cpm for streaming tv spots?", ["CPM"], [audio, tv])
    assert "$11–$22" in para and "$25–$50" in para and "audio" not in para.lower()
    assert "ott" in channelfig.queries("how much is streaming tv per thousand?", ["CPM"])[-1].split()
