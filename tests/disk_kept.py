"""A pure function's results kept in pytest's cache folder, shared by the test processes and by later runs: the
mechanism of tests/kbfacts_kept.py (a KB's facts) and tests/scenario_kept.py (a scenario's problems).

Why one module: both keep a result under a hash of the function's whole argument, in a folder named by a hash of
the code that decides the result (a changed reader finds no file and computes, as before), delete the folders of
other code versions, and write atomically (a temporary file renamed: the xdist workers may race to write the same
entry); a read-only or missing cache folder only means computing each time.
"""
from __future__ import annotations

import hashlib
import os
import shutil
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable


def code_digest(files: Iterable[Path], salt: str = "") -> str:
    """A hash of ``salt`` and of each file's folder name, name and bytes, in the order given."""
    digest = hashlib.sha256(salt.encode())
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def version_folder(config, name: str, digest: str, prune: bool) -> Path | None:
    """``<pytest cache>/<name>/<digest>``, made; with ``prune``, the other code versions' folders deleted. None without
    pytest's cache (``-p no:cacheprovider``)."""
    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    root = cache.mkdir(name)
    folder = root / digest
    if prune:
        for old in root.iterdir():
            if old != folder:
                shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)
    folder.mkdir(exist_ok=True)
    return folder


def kept_on_disk(compute: Callable[..., Any], folder: Path, *, key: Callable[..., bytes], suffix: str,
                 dump: Callable[[Any], bytes], load: Callable[[bytes], Any], unreadable: tuple[type[BaseException], ...],
                 maxsize: int) -> Callable[..., Any]:
    """``compute(*args)``, loaded from ``folder`` when a process wrote it before (the file named by a hash of
    ``key(*args)``), else computed and written there; cached in the process too (``maxsize`` entries, as the product
    caches it). A file that fails to load with one of ``unreadable`` is computed again."""

    @lru_cache(maxsize=maxsize)
    def kept(*args):
        path = folder / f"{hashlib.sha256(key(*args)).hexdigest()[:32]}{suffix}"
        try:
            return load(path.read_bytes())
        except (OSError, *unreadable):
            pass
        found = compute(*args)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(dump(found))
            os.replace(tmp, path)
        except OSError:  # a read-only cache folder: compute each time, as without it
            tmp.unlink(missing_ok=True)
        return found

    kept.__wrapped__ = compute
    kept.kept_in = folder
    return kept
