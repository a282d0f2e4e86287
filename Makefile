# Two commands on a fresh machine: `make run` opens the window, `make test` runs the suite.
# Each creates .venv if missing and installs only what changed since the last time.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
RUN_STAMP  := $(VENV)/.stamp-run
TEST_STAMP := $(VENV)/.stamp-test

SOAK_SEED ?= 1
SOAK_ACTIONS ?= 10000

.PHONY: run test check bench soak lint screenshot screenshots clean bytecode aot jit bundle desktop

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The editable install as one path in a .pth file ('compat' mode): setuptools' default puts an import
# finder there instead, which every Python start imports with pathlib (23 ms of each command's start;
# `count --batch` of 10^6 queries takes 0.3 s in all). setuptools calls the mode transitional.
EDITABLE := --config-settings editable_mode=compat
$(RUN_STAMP): pyproject.toml setup.py | $(PY)
	$(PY) -m pip install --quiet -e . $(EDITABLE)
	touch $@ $(VENV)/.stamp-aot

$(TEST_STAMP): pyproject.toml setup.py | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev]' $(EDITABLE)
	touch $@ $(RUN_STAMP) $(VENV)/.stamp-aot

# The kernels compiled ahead of time (explorer/core/kernels.py, the one table of them) are built by the
# package's own build step (setup.py), so the editable install above makes them in place. When a
# kernel's source changes afterwards, this builds them again, in place (a module's name carries a digest
# of its sources, so a stale build is never used; a failed one costs speed: the JIT runs them).
AOT_SOURCES := $(shell $(PYTHON) -m explorer.core.kernels sources 2>/dev/null)
AOT_STAMP := $(VENV)/.stamp-aot
$(AOT_STAMP): $(AOT_SOURCES) | $(RUN_STAMP)
	$(PY) -m explorer.core.aot_build
	touch $@
aot: $(AOT_STAMP)

# numba's JIT kernels compiled once, in two processes at once, before anything calls them
# (explorer/core/jit_warm.py): on a fresh machine the window's first Grundy view waited 6 s for its
# sweep, and the test suite's three workers compiled the same kernels side by side (270 s -> 230 s).
JIT_SOURCES := $(shell grep -rl --include='*.py' '@njit' explorer) explorer/core/jit_warm.py explorer/core/kernels.py
JIT_STAMP := $(VENV)/.stamp-jit
$(JIT_STAMP): $(JIT_SOURCES) | $(RUN_STAMP)
	$(PY) -m explorer.core.jit_warm --part 0 --of 2 & $(PY) -m explorer.core.jit_warm --part 1 --of 2; wait
	touch $@
jit: $(JIT_STAMP)

# Byte-code written once (compileall writes it even where PYTHONDONTWRITEBYTECODE is set, as on
# these machines): each start otherwise compiles the modules it imports again (~15 ms a command).
bytecode: $(RUN_STAMP) $(AOT_STAMP)
	$(PY) -m compileall -q explorer

# The window opens as soon as the package is installed (its kernels built ahead of time with it); the JIT
# warm-up, where its sources changed since the last, runs beside it at a lower priority (before, the first
# `make run` waited 20-76 s for it).
run: $(RUN_STAMP) bytecode
	@if [ ! -e $(JIT_STAMP) ] || [ -n "$$(find $(JIT_SOURCES) -newer $(JIT_STAMP) | head -1)" ]; then \
	  (nice -n 10 $(PY) -m explorer.core.jit_warm >/dev/null 2>&1 && touch $(JIT_STAMP)) & fi
	$(PY) -m explorer

# An app for people without Python: PyInstaller's one-folder bundle at dist/wythoff-explorer/, made from
# the wheel a user installs (built by the package's own build step, for any x86-64) in a virtualenv of
# its own. Its executable opens the window with no arguments and is the command line with them.
BUNDLE_VENV := build/bundle-venv
bundle: | $(PY)
	rm -rf build/wheel $(BUNDLE_VENV) dist/wythoff-explorer
	$(PY) -m pip wheel --quiet --no-deps . -w build/wheel
	$(PYTHON) -m venv $(BUNDLE_VENV)
	$(BUNDLE_VENV)/bin/pip install --quiet build/wheel/*.whl 'pyinstaller>=6.10'
	cd build && bundle-venv/bin/pyinstaller --noconfirm --log-level ERROR --distpath ../dist --workpath pyinstaller \
	  ../resources/bundle/wythoff-explorer.spec
	@echo "Made dist/wythoff-explorer/wythoff-explorer (\`make desktop\` adds it to the desktop's menu)"

# The desktop entry and its icon, for the user (freedesktop's folders under ~/.local/share): the entry runs
# the bundle where it is made, else this checkout's command.
DESKTOP_EXEC ?= $(if $(wildcard dist/wythoff-explorer/wythoff-explorer),$(abspath dist/wythoff-explorer/wythoff-explorer),$(abspath $(VENV)/bin/wythoff-explorer))
DATA_HOME ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)
desktop:
	install -Dm644 resources/wythoff-explorer.png $(DATA_HOME)/icons/hicolor/256x256/apps/wythoff-explorer.png
	mkdir -p $(DATA_HOME)/applications
	sed 's|^Exec=.*|Exec=$(DESKTOP_EXEC) %f|; s|^TryExec=.*|TryExec=$(DESKTOP_EXEC)|' resources/wythoff-explorer.desktop \
	  > $(DATA_HOME)/applications/wythoff-explorer.desktop
	@echo "Installed $(DATA_HOME)/applications/wythoff-explorer.desktop (runs $(DESKTOP_EXEC))"

# Everything, in random order (pytest-randomly prints the seed); the 15 slowest named. One worker
# more than the cores: the window's tests spend part of their time waiting on timers and workers
# (on 2 cores, 3 workers took the suite from 247 s to 234 s, the CPU from 180 % to 195 %).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
test: $(TEST_STAMP) $(AOT_STAMP) $(JIT_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=15

# The inner loop: the core, the session model and the controllers with mocked views (about a minute).
# Only the files where quick tests live are collected (tests/conftest.py's QUICK_PLACES).
QUICK_FILES := tests/core tests/session tests/gui tests/test_controllers.py tests/test_import_contracts.py \
               tests/test_core_is_qt_free.py
# Each file on one worker (--dist loadfile): a module that keeps one solved table for its tests
# (Wythoff's certified rows take 3 s) solves it once, not once on each worker: 61-63 s -> 58-59 s.
check: $(TEST_STAMP) $(AOT_STAMP) $(JIT_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n auto --dist loadfile -m quick --durations=10 $(QUICK_FILES)

bench: $(TEST_STAMP) bytecode
	QT_QPA_PLATFORM=offscreen $(PY) -m bench

# A long seeded random soak of the real window (offscreen); prints one summary line.
soak: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m soak --seed $(SOAK_SEED) --actions $(SOAK_ACTIONS)

lint: $(TEST_STAMP)
	$(VENV)/bin/lint-imports
	$(PY) -m ruff check explorer tests bench soak
	$(PY) -m ruff format --check explorer tests bench soak
	$(PY) -m mypy

screenshot: $(RUN_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m explorer screenshot resources/screenshot.png --select 5 7 --size 1100x680

# The user guide's pictures (docs/guide.md), made by the screenshot command so they stay true.
SHOT := QT_QPA_PLATFORM=offscreen $(PY) -m explorer screenshot
screenshots: $(RUN_STAMP)
	mkdir -p docs/images
	$(SHOT) docs/images/cold.png --select 5 7 --view 0 0 40 26 --size 1100x680
	$(SHOT) docs/images/zoomed-out.png --view 0 0 2000000 1300000 --size 1100x680
	$(SHOT) docs/images/far.png --select 1000000000000000000000000000000 1000000000000000000000000000007 --size 1100x680
	$(SHOT) docs/images/grundy.png --mode grundy --view 0 0 120 78 --size 1100x680
	$(SHOT) docs/images/remoteness.png --mode remoteness --view 0 0 60 39 --size 1100x680
	$(SHOT) docs/images/fraenkel.png --rule wythoff:3 --view 0 0 120 78 --size 1100x680
	$(SHOT) docs/images/custom.png --rule "custom:one=1 2 3;both=1;a=1;n=256" --mode grundy --view 0 0 80 52 --size 1100x680
	$(PY) docs/sessions/make_sessions.py docs/sessions
	$(SHOT) docs/images/queries.png --session docs/sessions/queries.json --panel queries --size 1100x680
	$(SHOT) docs/images/play.png --session docs/sessions/play.json --panel play --size 1100x680
	$(SHOT) docs/images/sequence.png --panel sequence --view 0 0 60 39 --size 1100x680
	$(SHOT) docs/images/array.png --panel array --select 55 89 --size 1100x680
	$(SHOT) docs/images/rows.png --panel rows --mode grundy --view 0 0 60 39 --size 1100x680
	$(SHOT) docs/images/npiles.png --panel npiles --size 1100x680
	for a in 0 1 5 10; do $(SHOT) docs/images/slice-$$a.png --rule wythoff3:$$a --select 3 5 --view 0 0 70 46 --size 1000x620; done
	$(SHOT) docs/images/slices.png --rule wythoff3:5 --panel slices --size 1100x900
	$(PY) -m explorer slices wythoff3 10 --n 100000 --plot docs/images/slices-plot.png > /dev/null
	$(SHOT) docs/images/far-values.png --mode grundy --view 99950 161750 100050 161850 --select 100000 161803 --size 1100x680
	$(SHOT) docs/images/far-values-maharaja.png --rule maharaja --mode grundy --view 99700 161500 100300 162100 --size 1100x680
	$(SHOT) docs/images/sums.png --select 6 11 --heaps 7 2 --size 1100x680
	$(SHOT) docs/images/heap.png --rule maharaja --grid-heap 3 --view 0 0 400 300 --size 1100x680
	$(SHOT) docs/images/value-strips.png --rule maharaja --value 5 --size 1100x680
	$(SHOT) docs/images/maharaja.png --rule maharaja --select 5 7 --view 0 0 40 26 --size 1100x680
	$(SHOT) docs/images/gdwn-far.png --rule gdwn:1,2 --view 0 0 3000000 2000000 --size 1100x680
	$(SHOT) docs/images/structure.png --rule gdwn:1,2 --panel structure --view 0 0 3000000 2000000 --size 1100x680
	$(SHOT) docs/images/build.png --view 0 0 30 20 --build 6 --size 1100x680
	$(SHOT) docs/images/why.png --select 9 14 --why --view 0 0 30 20 --size 1100x680
	$(SHOT) docs/images/blocking.png --rule block:5 --select 20 25 --view 0 0 120 78 --size 1100x680
	$(SHOT) docs/images/blocking-options.png --rule block:3 --mode options --select 9 14 --view 0 0 40 26 --size 1100x680
	$(SHOT) docs/images/altered.png --rule alter:terminal=2 --select 3 6 --view 0 0 40 26 --size 1100x680
	$(SHOT) docs/images/star.png --rule star:wythoff --view 0 0 120 78 --size 1100x680
	for k in 2 3 10; do $(PY) -m explorer figure docs/images/blocking-$$k.png --rule block:$$k --view 0 0 64 64 --size 300x300; done
	$(PY) -m explorer figure docs/images/blocking-60.png --rule block:60 --view 0 0 1024 1024 --size 560x560
	$(PY) docs/figures/pass_layer.py docs/images/pass-layer.png
	$(SHOT) docs/images/compare.png --rule alter:terminal=2 --compare wythoff --select 30 48 --view 0 0 200 130 --size 1100x680
	$(PY) -m explorer animate docs/images/build.gif --view 0 0 30 20 --steps 14 --size 640x460
	$(PY) -m explorer animate docs/images/build-maharaja.gif --rule maharaja --view 0 0 30 20 --steps 14 --size 640x460
	$(PY) -m explorer animate docs/images/play.gif --what play --from 9 14 --size 640x460
	mkdir -p docs/figures
	$(PY) -m explorer figure docs/figures/wythoff.svg --view 0 0 40 40 --select 5 7 --size 420x420
	$(PY) -m explorer figure docs/figures/wythoff.pdf --view 0 0 40 40 --select 5 7 --size 420x420
	$(PY) -m explorer figure docs/figures/wythoff.tex --view 0 0 40 40 --select 5 7 --size 420x420
	$(PY) -m explorer figure docs/figures/grundy.svg --mode grundy --view 0 0 32 32 --size 420x420
	$(PY) -m explorer figure docs/figures/far.svg --view 1618033988749894848204586834345 2618033988749894848204586834335 1618033988749894848204586834405 2618033988749894848204586834395 --size 420x420
	$(PY) -m explorer figure docs/figures/zoomed-out.png --view 0 0 3000000 3000000 --rule gdwn:1,2 --size 420x420

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist explorer/core/grundy/_aot_* explorer/core/game/_sweep_aot_* explorer/core/values/_vvalues_aot_* explorer/core/textio/_batch_aot_* explorer/core/textio/_text_aot_*
	find explorer -name "*.nbi" -delete -o -name "*.nbc" -delete
