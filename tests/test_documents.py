from pathlib import Path

import pytest

from rag.documents import EmptyKnowledgeBaseError, load_directory, parse_markdown, parse_text


def test_markdown_sections_paths_and_offsets():
    text = "# Title\n\nIntro.\n\n## A\n\ntext a\n\n### A1\n\ntext a1\n\n```\n# not a header\n```\n\n## B\n\ntext b\n"
    title, secs = parse_markdown(text, "fallback")
    assert title == "Title"
    assert [s.path for s in secs] == [("Title",), ("Title", "A"), ("Title", "A", "A1"), ("Title", "B")]
    # contiguous, full coverage, offsets point at the header lines
    assert secs[0].start == 0 and secs[-1].end == len(text)
    for a, b in zip(secs, secs[1:]):
        assert a.end == b.start
    assert text[secs[2].start:].startswith("### A1")
    assert "# not a header" in text[secs[2].start:secs[2].end]  # fenced code is not a header


def test_markdown_without_h1_uses_file_name():
    title, secs = parse_markdown("## Only\n\nbody\n", "My Doc")
    assert title == "My Doc" and secs[0].path == ("My Doc", "Only")


def test_text_headings_all_caps_numbered_and_title_case():
    text = (
        "CHANNEL NOTES\n\nIntro paragraph here.\n\n1. Search\n\nSearch body.\n\n1.1 Match Types\n\n"
        "Match body.\n\n2. Social\n\nSocial body.\n\nCreative Fatigue\n\nFatigue body.\n\n"
        "MEASUREMENT CAVEATS\n\nCaveat body.\n"
    )
    title, secs = parse_text(text, "fallback")
    assert title == "Channel Notes"
    paths = [s.path for s in secs]
    assert ("Channel Notes", "1. Search") in paths
    assert ("Channel Notes", "1. Search", "1.1 Match Types") in paths
    assert ("Channel Notes", "2. Social", "Creative Fatigue") in paths
    assert ("Channel Notes", "Measurement Caveats") in paths
    assert secs[0].start == 0 and secs[-1].end == len(text)


def test_text_sentences_are_not_headings():
    text = "Notes\n\nThis Is A Sentence That Ends With A Period.\n\nbody\n"
    _, secs = parse_text(text, "x")
    assert all("Period" not in p for s in secs for p in s.path)


def test_bad_files_reported_by_name_and_skipped(tmp_path, monkeypatch, caplog):
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "good.md").write_text("# Good\n\nMedia planning text about CAC.\n")
    (kb / "binary.md").write_bytes(b"\x89PNG\x00\x00\x01garbage")
    (kb / "empty.txt").write_text("   \n\n")
    (kb / "latin1.txt").write_bytes("Caf\xe9 budget notes\n\nMore text.".encode("latin-1"))
    (kb / "huge.md").write_text("x" * 5000)
    (kb / "locked.md").write_text("# Locked\n\ntext\n")
    (kb / "ignored.pdf").write_bytes(b"%PDF")
    real = Path.read_bytes

    def fake_read(self):
        if self.name == "locked.md":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", fake_read)
    with caplog.at_level("WARNING", logger="rag"):
        report = load_directory(kb, max_bytes=4000)
    loaded = {d.source for d in report.documents}
    assert loaded == {"good.md", "latin1.txt"}
    skipped = dict(report.skipped)
    assert "binary" in skipped["binary.md"]
    assert "empty" in skipped["empty.txt"]
    assert "limit" in skipped["huge.md"]
    assert "unreadable" in skipped["locked.md"]
    assert any(f == "latin1.txt" and "replacement" in w for f, w in report.warnings)
    latin = next(d for d in report.documents if d.source == "latin1.txt")
    assert "\ufffd" in latin.text
    assert "binary.md" in caplog.text and "latin1.txt" in caplog.text


def test_empty_kb_is_a_clear_error(tmp_path):
    with pytest.raises(EmptyKnowledgeBaseError, match="no usable documents"):
        load_directory(tmp_path)
    (tmp_path / "blank.md").write_text("")
    with pytest.raises(EmptyKnowledgeBaseError, match="blank.md: empty file"):
        load_directory(tmp_path)
    with pytest.raises(EmptyKnowledgeBaseError, match="not found"):
        load_directory(tmp_path / "nope")
