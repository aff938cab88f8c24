"""The served KB folder is resolved once per setting and working directory (:func:`agent.offline.servedkb.folder`
is asked on every model call) — but the answer still follows what is served: another ``MPA_KB_DIR``, a relative
setting read from another working directory, and a folder that is gone are each seen at once."""
from __future__ import annotations

import shutil
from pathlib import Path

from agent.offline import servedkb

ROOT = Path(__file__).resolve().parents[1]


def test_the_folder_follows_the_setting(monkeypatch, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    monkeypatch.setenv("MPA_KB_DIR", str(a))
    assert servedkb.folder() == str(a.resolve())
    monkeypatch.setenv("MPA_KB_DIR", str(b))
    assert servedkb.folder() == str(b.resolve())
    monkeypatch.setenv("MPA_KB_DIR", str(a))
    assert servedkb.folder() == str(a.resolve())


def test_a_relative_setting_is_read_from_the_working_directory(monkeypatch, tmp_path):
    for name in ("one", "two"):
        (tmp_path / name / "kbdir").mkdir(parents=True)
    monkeypatch.setenv("MPA_KB_DIR", "kbdir")
    monkeypatch.chdir(tmp_path / "one")
    assert servedkb.folder() == str((tmp_path / "one" / "kbdir").resolve())
    monkeypatch.chdir(tmp_path / "two")
    assert servedkb.folder() == str((tmp_path / "two" / "kbdir").resolve())


def test_a_folder_that_is_gone_or_never_was_is_none(monkeypatch, tmp_path):
    kb = tmp_path / "kb"
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    assert servedkb.folder() is None  # not there yet
    kb.mkdir()
    assert servedkb.folder() == str(kb.resolve())  # there now
    shutil.rmtree(kb)
    assert servedkb.folder() is None  # gone again
    (tmp_path / "file").write_text("no folder")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path / "file"))
    assert servedkb.folder() is None


def test_the_shipped_and_a_plain_text_kb_are_served_as_themselves(monkeypatch):
    for kb in (ROOT / "kb", ROOT / "tests" / "fixtures" / "kb_txt2"):
        monkeypatch.setenv("MPA_KB_DIR", str(kb))
        assert servedkb.folder() == str(kb.resolve())
        assert servedkb.documents(servedkb.folder())  # its documents, read by the engine's parser
