"""The index survives what users do to it (issue 12, item 5): hand-edited or inconsistent index
files, unwritable or full disks, killed writers, bad top_k and filters, symlinks out of the KB,
closed pipes. Generic engine only (no domain package): behaviour, never timing."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

from rag import persistence as store
from rag.config import RagConfig
from rag.domain import Domain
from rag.engine import IndexRebuildWarning, RetrievalEngine

ROOT = Path(__file__).resolve().parent.parent


def _tag(source, title, section_path, text):
    return {"long": len(text) > 1000, "kind": "plain" if source.endswith(".txt") else "markdown"}


TAGGED = Domain(name="robustness-test", tagger=_tag)


def _rewrite(path: Path, edit) -> None:
    """Apply ``edit(manifest, arrays)`` and store it with *valid* checksums: only structure is wrong."""
    stored = store.read_index_file(path)
    manifest = {k: v for k, v in stored.manifest.items() if k not in ("schema_version", "sidecar", "checksum")}
    arrays = {k: np.array(v) for k, v in stored.arrays.items()}
    edit(manifest, arrays)
    store.write_index(path, manifest, arrays)


def _edit_record(n: int, change):
    def edit(manifest, arrays):
        recs = store.read_records(arrays)
        change(recs[n])
        arrays["records"], arrays["record_ptr"], arrays["record_blocks"] = store.records_blob(recs)
    return edit


def _duplicate_id(manifest, arrays):
    ids = json.loads(bytes(arrays["ids"]))
    arrays["ids"] = store.json_blob([ids[0], *ids[:-1]])


@pytest.mark.parametrize("edit, words", [
    (_edit_record(0, lambda r: r.pop("text")), "'text'"),
    (_edit_record(1, lambda r: r.__setitem__("tokens", "many")), "'tokens'"),
    (lambda m, a: a.__setitem__("ptr", a["ptr"][:-1]), "term columns"),
    (_duplicate_id, "unique"),
    (lambda m, a: next(iter(m["files"].values())).__setitem__("rows", [0, 10 ** 6]), "rows"),
])
def test_inconsistent_index_with_valid_checksum_is_reported_and_rebuilt(kb_copy, tmp_path, edit, words):
    idx = tmp_path / "i.json"
    first = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx)
    _rewrite(idx, edit)
    with pytest.warns(IndexRebuildWarning, match=words):
        again = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx)
    assert "inconsistent" in again.rebuild_reason
    assert [c.id for c in again.chunks] == [c.id for c in first.chunks]
    assert again.search("audience")
    RetrievalEngine.load(idx)  # repaired on disk
    _rewrite(idx, edit)
    with pytest.raises(store.IndexFileError, match="inconsistent"):
        RetrievalEngine.load(idx, kb_dir=None, config=RagConfig())  # loads without the KB: a clear error


def test_unwritable_index_path_still_searches_from_memory(kb_copy, tmp_path, caplog):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the index directory should be")
    engine = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=blocker / "i.json")
    assert engine.save_error and "could not write index file" in engine.save_error
    assert any("searching from memory" in r.getMessage() for r in caplog.records)
    assert engine.search("audience")


def test_full_disk_is_one_warning(kb_copy, tmp_path, monkeypatch):
    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write_json_atomic", full)
    engine = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=tmp_path / "i.json")
    assert "No space left on device" in engine.save_error
    assert engine.search("audience")


def test_stale_temp_files_are_removed_fresh_ones_kept(tmp_path):
    idx = tmp_path / "i.json"
    stale, fresh = tmp_path / ".i.json.dead.tmp", tmp_path / ".i.json.live.tmp"
    stale.write_text("half an index")
    fresh.write_text("another writer, right now")
    old = time.time() - 2 * store.STALE_TEMP_S
    os.utime(stale, (old, old))
    store.write_json_atomic(idx, {"x": 1})
    assert not stale.exists() and fresh.exists() and json.loads(idx.read_text()) == {"x": 1}


@pytest.mark.parametrize("k", [0, -3, 2.5, True, "3"])
def test_top_k_must_be_a_positive_integer(kb_copy, k):
    engine = RetrievalEngine.build(kb_copy)
    with pytest.raises(ValueError, match="top_k must be an integer >= 1"):
        engine.search("audience", top_k=k)
    assert len(engine.search("audience", top_k=1)) == 1


def test_filters_are_validated_naming_what_is_allowed(kb_copy):
    engine = RetrievalEngine.build(kb_copy, domain=TAGGED)
    with pytest.raises(ValueError, match="takes true or false"):
        engine.search("audience", filters={"long": "no"})
    with pytest.raises(ValueError, match=r"valid keys: \['kind', 'long'\]"):
        engine.search("audience", filters={"colour": "red"})
    with pytest.raises(ValueError, match="a value or a list of values"):
        engine.search("audience", filters={"kind": {"a": 1}})
    empty = engine.search("audience", filters={"kind": "poetry"})  # absent here, maybe not elsewhere
    assert empty == [] and "kind holds: markdown, plain" in empty.reason
    assert all(r.chunk.metadata["long"] for r in engine.search("audience", filters={"long": True}))
    assert all(not r.chunk.metadata["long"] for r in engine.search("audience", top_k=10, filters={"long": False}))
    plain = engine.search("creative", filters={"kind": ["plain"]})
    assert plain and all(r.chunk.metadata["kind"] == "plain" for r in plain)


def test_symlinks_are_followed_only_inside_the_kb(kb_copy, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("SECRET TOKEN hunter2 lives outside the knowledge base")
    (kb_copy / "leak.txt").symlink_to(outside)
    (kb_copy / "alias.md").symlink_to(kb_copy / "measurement.md")
    engine = RetrievalEngine.build(kb_copy)
    assert not engine.search("hunter2 secret token")
    assert "leak.txt" not in {c.source for c in engine.chunks} and "alias.md" in {c.source for c in engine.chunks}
    assert dict(engine.skipped)["leak.txt"].startswith("symlink to a file outside")


def test_file_counts_say_indexed_and_skipped(kb_copy, tmp_path, run_main):
    from rag.cli import main

    (kb_copy / "empty.md").write_text("   \n")
    (kb_copy / "blob.txt").write_bytes(b"\x00\x01binary")
    n_ok = len(list(kb_copy.iterdir())) - 2
    code, out, err = run_main(main, ["index", kb_copy, "--out", tmp_path / "i.json"])
    assert code == 0, err
    assert f"indexed {n_ok} files, skipped 2" in out


def test_cli_errors_are_one_line(kb_copy, tmp_path, run_main):
    from rag.cli import main

    for args in (["search", "audience", "--kb", kb_copy, "--index", tmp_path / "i.json", "-k", "0"],
                 ["index", tmp_path / "nowhere"]):
        code, _, err = run_main(main, args)
        assert code == 2 and "Traceback" not in err
        assert len([line for line in err.splitlines() if "error" in line]) == 1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run_main(main, ["index", kb_copy, "--out", blocker / "i.json"])
    assert code == 2 and "Traceback" not in err and "error: could not write index file" in err


def test_cli_output_into_a_closed_pipe(kb_copy, tmp_path):
    """The one real ``python -m rag`` process of the fast suite: a closed pipe is about the process."""
    idx = tmp_path / "i.json"
    cmd = [sys.executable, "-m", "rag", "search", "audience", "--kb", str(kb_copy), "--index", str(idx), "-k", "20"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "BrokenPipeError" not in err and "Traceback" not in err and "Exception ignored" not in err


def test_a_current_index_loads_silently(kb_copy, tmp_path):
    idx = tmp_path / "i.json"
    RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx).rebuild_reason is None


def test_dense_vectors_survive_lexical_preset_changes(kb_copy, tmp_path):
    """Vectors are keyed by chunk-text hash: switching to a preset with another analyzer (an
    index rebuild) and back must not throw them away (re-encoding a KB takes a minute)."""
    from rag.config import get_preset

    idx = tmp_path / "i.json"
    e = RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx)
    vecs = np.random.default_rng(0).random((len(e.chunks), 384), dtype=np.float32)
    e.dense, e.dense_model = vecs, "some-model@128"
    e.save(idx)
    for preset in ("hybrid-subword", "hybrid-prefix", "hybrid-weighted", "bm25"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", IndexRebuildWarning)
            RetrievalEngine.from_directory(kb_copy, get_preset(preset), index_path=idx)
        kept = store.read_index_file(idx).dense
        assert kept["model"] == "some-model@128" and np.array_equal(kept["vectors"], vecs), preset
    assert len(list(tmp_path.glob("i.json.*.arrays"))) == 1  # older sidecars are removed


def test_dense_vectors_of_a_schema_2_index_are_kept(kb_copy, tmp_path):
    """The format change rebuilds the index but keeps its dense vectors (no re-encoding)."""
    import base64

    idx = tmp_path / "i.json"
    e = RetrievalEngine.build(kb_copy)
    from rag.dense import text_key

    vecs = np.random.default_rng(1).random((len(e.chunks), 384), dtype=np.float32)
    idx.write_text(json.dumps({"schema_version": 2, "dense": {
        "model": "m@128", "dim": 384, "keys": [text_key(c.index_text) for c in e.chunks],
        "vectors": base64.b64encode(vecs.astype("<f4").tobytes()).decode()}}))
    with pytest.warns(IndexRebuildWarning, match="schema version 2"):
        RetrievalEngine.from_directory(kb_copy, RagConfig(), index_path=idx)
    kept = store.read_index_file(idx).dense
    assert kept["model"] == "m@128" and np.array_equal(kept["vectors"], vecs)
