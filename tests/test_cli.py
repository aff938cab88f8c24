"""``python -m rag`` and ``python -m mpa`` through their ``main(argv)`` (the ``run_main`` fixture);
tests/test_robustness.py keeps one real subprocess (output into a closed pipe)."""
import json

from rag.cli import main as rag_main


def test_cli_index_and_search(tmp_path, fixture_kb, run_main):
    out = tmp_path / "i.json"
    code, stdout, err = run_main(rag_main, ["index", fixture_kb, "--out", out])
    assert code == 0, err
    assert "chunks" in stdout and out.exists()
    code, stdout, err = run_main(rag_main, ["search", "typical ecommerce CAC", "--kb", fixture_kb, "--index", out,
                                            "-k", "2"])
    assert code == 0, err
    assert "benchmarks-ecommerce.md" in stdout and "score" in stdout
    code, stdout, err = run_main(rag_main, ["search", "typical ecommerce CAC", "--kb", fixture_kb, "--index", out,
                                            "--json", "--method", "rrf"])
    data = json.loads(stdout)
    assert data["method"] == "rrf" and data["results"][0]["source"] == "benchmarks-ecommerce.md"


def test_cli_errors_are_clear(tmp_path, run_main):
    code, _, err = run_main(rag_main, ["index", tmp_path / "missing", "--out", tmp_path / "i.json"])
    assert code == 2 and "not found" in err


def test_domain_cli_and_plugin(tmp_path, fixture_kb, capsys, run_main):
    """``python -m mpa`` = ``python -m rag --domain mpa.engine:domain``: the domain's chunk
    metadata and boosts; the generic CLI alone has none, and a bad plug-in is one clear line."""
    from mpa.__main__ import main as mpa_main

    out = tmp_path / "i.json"
    code, stdout, err = run_main(mpa_main, ["search", "typical ecommerce CAC", "--kb", fixture_kb, "--index", out,
                                            "--json"])
    assert code == 0, err
    assert json.loads(stdout)["results"][0]["breakdown"]["boost"] > 1.0  # the benchmark boost
    assert rag_main(["search", "typical ecommerce CAC", "--kb", str(fixture_kb), "--index", str(out), "--json"]) == 0
    generic = json.loads(capsys.readouterr().out)  # another domain's index is rebuilt, not reused
    assert all(r["breakdown"]["boost"] in (1.0, 2.0) for r in generic["results"])
    assert rag_main(["search", "x", "--kb", str(fixture_kb), "--index", str(out), "--domain", "mpa.engine:nothing"]) == 2
    err = capsys.readouterr().err
    assert "--domain mpa.engine:nothing" in err and "Traceback" not in err
