"""The project cites its own docs/math.md (issue 35): every `docs/math.md, "Section"` in the code
names a section that exists, and nothing cites a MATH.md outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _sources() -> list[Path]:
    me = Path(__file__).resolve()
    return [p for d in ("explorer", "tests", "soak", "bench") for p in (ROOT / d).rglob("*.py") if p != me]


def test_every_cited_section_exists():
    headings = set(re.findall(r"^## (.+)$", (ROOT / "docs" / "math.md").read_text(), re.M))
    cited = set()
    for path in _sources():
        text = re.sub(r"\s*\n\s*", " ", path.read_text())  # citations may wrap across lines
        cited |= {m.strip() for m in re.findall(r'docs/math\.md, "([^"]+)"', text)}
    assert cited, "the code cites docs/math.md"
    assert cited <= headings, cited - headings


def test_nothing_cites_a_math_file_outside_the_repository():
    offenders = [str(p) for p in _sources() if "MATH.md" in p.read_text()]
    assert not offenders
