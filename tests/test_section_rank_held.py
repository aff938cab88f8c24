"""bench/section_rank.py's `held`: what a turn's own tool results held tells a retrieval miss from a choice miss,
so each of its three answers must follow from the results alone."""
import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("section_rank", Path(__file__).resolve().parents[1] / "bench" / "section_rank.py")
section_rank = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(section_rank)


def _turn(*results, sources=("guide.md",)):
    return {"expect": {"sources": list(sources)},
            "tool_calls": [{"name": "search_knowledge_base", "data": {"results": list(results)}},
                           {"name": "get_benchmark", "data": {"figure": "$5"}}]}


def test_the_answering_section_under_its_document_is_held():
    turn = _turn({"source": "other.md", "section": "Intro", "sections": ["Intro"]},
                 {"source": "guide.md", "section": "Speed limit", "sections": ["Budget rules", "Speed limit"]})
    assert section_rank.held(turn, ["speed limit"]) == "section"


def test_the_section_name_under_another_document_is_not_the_answering_section():
    turn = _turn({"source": "other.md", "section": "Speed limit", "sections": ["Speed limit"]},
                 {"source": "guide.md", "section": "Intro", "sections": ["Intro"]})
    assert section_rank.held(turn, ["speed limit"]) == "document"


def test_nothing_from_the_answering_document_is_neither():
    turn = _turn({"source": "other.md", "section": "Intro", "sections": ["Intro"]})
    assert section_rank.held(turn, ["speed limit"]) == "neither"
    assert section_rank.held({"expect": {"sources": ["guide.md"]}}, ["speed limit"]) == "neither"
