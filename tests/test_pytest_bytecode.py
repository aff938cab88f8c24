"""The Makefile's ``bytecode`` target writes pytest's own bytecode of the test modules
(``tests/pytest_bytecode.py``): it must be the code pytest itself would write, found where pytest looks,
cover every module this session collected, and leave a changed module to pytest."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import pytest_bytecode

rewrite = pytest.importorskip("_pytest.assertion.rewrite")

MODULE = '''
def test_sum():
    total = sum([1, 2])
    assert total == 3, "a message"
'''


def _pyc(path: Path) -> Path:
    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def test_writes_what_pytest_would_write_where_pytest_reads_it(tmp_path, pytestconfig):
    (tmp_path / "tests").mkdir()
    shutil.copyfile(pytest_bytecode.ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    module = tmp_path / "tests" / "test_sample.py"
    module.write_text(MODULE)
    assert pytest_bytecode.write(module, tmp_path)  # main() runs it in a process pool (no forking inside a test)
    code = rewrite._read_pyc(module, _pyc(module))
    assert code is not None  # pytest's own reader takes it: same tag, flags and source hash
    _, expected = rewrite._rewrite_test(module, pytestconfig)  # what this pytest, with this config, writes
    assert code == expected  # code objects compare by their bytecode, constants, names and line tables
    assert "@pytest_ar" in code.co_names  # rewritten (it imports pytest's assertion helpers), not plain bytecode
    assert code != compile(MODULE, str(module), "exec", dont_inherit=True)


def test_a_changed_module_is_rewritten_and_an_unchanged_one_kept(tmp_path):
    module = tmp_path / "tests" / "test_sample.py"
    module.parent.mkdir()
    module.write_text(MODULE)
    assert pytest_bytecode.write(module, tmp_path)
    written = _pyc(module).stat().st_ino
    assert pytest_bytecode.write(module, tmp_path)
    assert _pyc(module).stat().st_ino == written  # up to date: not written again
    module.write_text(MODULE.replace("[1, 2]", "[1, 1, 1]"))
    assert rewrite._read_pyc(module, _pyc(module)) is None  # stale by its hash: pytest would rewrite it itself
    assert pytest_bytecode.write(module, tmp_path)
    assert _pyc(module).stat().st_ino != written
    assert rewrite._read_pyc(module, _pyc(module)) is not None


def test_a_module_that_does_not_compile_is_skipped(tmp_path):
    module = tmp_path / "tests" / "test_broken.py"
    module.parent.mkdir()
    module.write_text("def test_x(:\n")
    assert not pytest_bytecode.write(module, tmp_path)
    assert not _pyc(module).exists()


def test_every_collected_module_and_the_conftest_are_covered(request):
    collected = {Path(item.path).resolve() for item in request.session.items}
    listed = {path.resolve() for path in pytest_bytecode.modules()}
    assert collected <= listed
    assert (pytest_bytecode.ROOT / "conftest.py").resolve() in listed
    assert not any("fixtures" in path.parts for path in listed)


def test_another_pytest_gets_nothing_written(tmp_path, monkeypatch, capsys):
    module = tmp_path / "tests" / "test_sample.py"
    module.parent.mkdir()
    module.write_text(MODULE)
    monkeypatch.setattr(pytest_bytecode, "_rewriter", lambda: None)
    assert pytest_bytecode.main([str(tmp_path)]) == 0
    assert not pytest_bytecode.write(module, tmp_path)
    assert not _pyc(module).exists()
    assert "rewrites the test modules itself" in capsys.readouterr().err


def test_the_pass_hook_setting_is_read_from_the_project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.pytest.ini_options]\nenable_assertion_pass_hook = true\n")
    assert pytest_bytecode._Ini(tmp_path).getini("enable_assertion_pass_hook") is True
    assert pytest_bytecode._Ini(pytest_bytecode.ROOT).getini("enable_assertion_pass_hook") is False


def test_main_writes_them_one_by_one_without_a_process_pool(tmp_path, monkeypatch):
    import concurrent.futures

    module = tmp_path / "tests" / "test_sample.py"
    module.parent.mkdir()
    module.write_text(MODULE)

    def no_pool(*args, **kwargs):
        raise OSError("no semaphores here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert pytest_bytecode.main([str(tmp_path)]) == 0
    assert rewrite._read_pyc(module, _pyc(module)) is not None
