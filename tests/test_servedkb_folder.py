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


def test_one_model_call_reads_the_folder_once_and_the_next_call_afresh(monkeypatch, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    asked = []
    real = servedkb._folder
    monkeypatch.setattr(servedkb, "_folder", lambda: asked.append(1) or real())

    @servedkb.held
    def call(change_to: Path | None = None) -> list:
        seen = [servedkb.folder()]
        if change_to is not None:  # a change inside one call is not seen in it
            monkeypatch.setenv("MPA_KB_DIR", str(change_to))
        return seen + [servedkb.folder() for _ in range(5)]

    monkeypatch.setenv("MPA_KB_DIR", str(a))
    assert call(change_to=b) == [str(a.resolve())] * 6 and len(asked) == 1
    assert call() == [str(b.resolve())] * 6 and len(asked) == 2  # the next call sees the change
    shutil.rmtree(b)
    assert call() == [None] * 6 and len(asked) == 3  # and a folder gone since
    assert servedkb.folder() is None and servedkb.folder() is None and len(asked) == 5  # outside a call: every time


def test_a_held_call_that_raises_leaves_nothing_held(monkeypatch, tmp_path):
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))

    @servedkb.held
    def fails():
        servedkb.folder()
        raise ValueError("a failing model call")

    try:
        fails()
    except ValueError:
        pass
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path / "gone"))
    assert servedkb.folder() is None
