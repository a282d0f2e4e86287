"""The quick tier's two lists agree: `make check` collects only the files tests/conftest.py marks quick."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import QUICK_PLACES, ROOT


def test_make_check_collects_every_place_the_quick_tier_lives():
    text = (ROOT / "Makefile").read_text()
    block = re.search(r"QUICK_FILES := ((?:.*\\\n)*.*)", text)
    assert block is not None
    files = {p.rstrip("/") for p in block.group(1).replace("\\\n", " ").split()}
    assert files == {p.rstrip("/") for p in QUICK_PLACES}
    assert all((Path(ROOT) / f).exists() for f in files)
