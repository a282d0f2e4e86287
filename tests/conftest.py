"""The suite's tiers and its one reset between tests.

Tiers (pyproject's markers; `make check` runs the quick one, `make test` everything):
- `quick`: the core, the session model and the controllers with mocked views, no window and no
  test marked `slow`: the inner loop, about a minute on two cores.
- `window`: a test that builds widgets (it asks for `qtbot`, or for a `window`).
- `slow`: a test of a few seconds or more, run by `make test` only.

Every test starts from a fresh process's caches (`explorer.core.process_caches.reset`): the
shared sweeps, value engines and rows that equal rules share are forgotten, so that no test's
cost or answer depends on which tests ran before it (the suite runs in random order).
"""

from __future__ import annotations

from pathlib import Path

import pytest

# Where the quick tier's tests live: the core, the model, and the controllers with mocked views
# (tests/gui holds those beside the window's own: a test there that asks for no qtbot is one).
QUICK_PLACES = (
    "tests/core/",
    "tests/session/",
    "tests/gui/",
    "tests/test_controllers.py",
    "tests/test_import_contracts.py",
    "tests/test_core_is_qt_free.py",
)
ROOT = Path(__file__).resolve().parent.parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        where = Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()
        fixtures = set(getattr(item, "fixturenames", ()))
        gui = bool(fixtures & {"qtbot", "qapp", "window"})
        if gui:
            item.add_marker(pytest.mark.window)
        if not gui and where.startswith(QUICK_PLACES) and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.quick)


@pytest.fixture(autouse=True)
def fresh_process_caches():
    from explorer.core import process_caches

    process_caches.reset()
    yield
