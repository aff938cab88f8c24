"""A platform's name cut short ("snap", "insta") in a question: the search tool writes it out when
the query as typed finds nothing (mpa.tools), and the channel-figure reader matches the table row it
begins (agent.offline.channelfig). Wording of our own, none from datasets/ or the paraphrase sets."""
from agent.offline import channelfig
from mpa.tools import ToolExecutor
from tests.test_offline_carry import _seen_dataset_text

SEARCHED = "is snap pricier than pinterest per click?"
ASKED = "insta or pinterest, which has the lower CPM?"
TABLE = {"id": "net#2", "section": "Network prices", "text": (
    "## Network prices\n\n| Network | CPM | CPC |\n|---|---|---|\n| Instagram | $6–$11 | $0.50–$1.40 |\n"
    "| Pinterest | $4–$8 | $0.30–$1.00 |\n| LinkedIn | $30–$45 | $5–$9 |\n")}


def test_the_wording_here_is_not_dataset_wording():
    seen = _seen_dataset_text()
    for phrase in (SEARCHED, ASKED, "snap pricier", "insta or pinterest"):
        assert phrase.lower() not in seen, phrase


def test_a_clipped_platform_name_is_written_out_when_the_query_finds_nothing(shipped_engine):
    ex = ToolExecutor(shipped_engine)
    raw = shipped_engine.search(SEARCHED, top_k=8)
    assert not raw or ex._abstains(raw)  # as typed: "snap" is a word the KB never uses
    out = ex.execute("search_knowledge_base", {"query": SEARCHED, "top_k": 8})
    assert out.passages and "snapchat" in out.content.splitlines()[0].lower()


def test_a_query_the_kb_answers_as_typed_is_searched_as_typed(shipped_engine):
    out = ToolExecutor(shipped_engine).execute("search_knowledge_base", {"query": "pinterest CPC", "top_k": 8})
    assert out.passages and '"pinterest CPC"' in out.content.splitlines()[0]


def test_a_clipped_name_reads_the_table_row_it_begins():
    para = channelfig.paragraph(ASKED, ["CPM"], [TABLE])
    assert "Instagram CPM: $6–$11" in para and "Pinterest CPM: $4–$8" in para and "LinkedIn" not in para
