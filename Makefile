# Two commands on a fresh machine: `make run` opens the window, `make test` runs the suite.
# Each creates .venv if missing and installs only what changed since the last time.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
RUN_STAMP  := $(VENV)/.stamp-run
TEST_STAMP := $(VENV)/.stamp-test

SOAK_SEED ?= 1
SOAK_ACTIONS ?= 10000

.PHONY: run test check bench soak lint screenshot screenshots clean bytecode aot jit

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The editable install as one path in a .pth file ('compat' mode): setuptools' default puts an import
# finder there instead, which every Python start imports with pathlib (23 ms of each command's start;
# `count --batch` of 10^6 queries takes 0.3 s in all). setuptools calls the mode transitional.
EDITABLE := --config-settings editable_mode=compat
$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e . $(EDITABLE)
	touch $@

$(TEST_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev]' $(EDITABLE)
	touch $@ $(RUN_STAMP)

# Wythoff's Grundy loop and the move-vector column sweep compiled ahead of time
# (explorer/core/grundy/aot.py, explorer/core/game/sweep_aot.py): the command line then computes
# tables and sequences without importing numba (`grundy 2048 2048`: 0.85 -> 0.4 s). The module's
# name carries a digest of its sources, so a stale build is never used; a failed one costs speed.
AOT_SOURCES := explorer/core/grundy/jit.py explorer/core/grundy/aot.py explorer/core/values/bits.py \
               explorer/core/grundy/colour_loop.py explorer/core/aot_build.py \
               explorer/core/game/sweep_jit.py explorer/core/game/sweep_aot.py \
               explorer/core/values/vector_jit.py explorer/core/values/vector_aot.py \
               explorer/core/exact/beatty_jit.py explorer/core/textio/text_jit.py explorer/core/textio/batch_aot.py \
               explorer/core/textio/answer_jit.py explorer/core/textio/text_layout.py
AOT_STAMP := $(VENV)/.stamp-aot
$(AOT_STAMP): $(AOT_SOURCES) | $(RUN_STAMP)
	$(PY) -m explorer.core.grundy.aot
	$(PY) -m explorer.core.game.sweep_aot
	$(PY) -m explorer.core.values.vector_aot
	$(PY) -m explorer.core.textio.batch_aot
	touch $@
aot: $(AOT_STAMP)

# numba's JIT kernels compiled once, in two processes at once, before anything calls them
# (explorer/core/jit_warm.py): on a fresh machine the window's first Grundy view waited 6 s for its
# sweep, and the test suite's three workers compiled the same kernels side by side (270 s -> 230 s).
JIT_SOURCES := $(shell grep -rl --include='*.py' '@njit' explorer) explorer/core/jit_warm.py
JIT_STAMP := $(VENV)/.stamp-jit
$(JIT_STAMP): $(JIT_SOURCES) | $(RUN_STAMP)
	$(PY) -m explorer.core.jit_warm --part 0 --of 2 & $(PY) -m explorer.core.jit_warm --part 1 --of 2; wait
	touch $@
jit: $(JIT_STAMP)

# Byte-code written once (compileall writes it even where PYTHONDONTWRITEBYTECODE is set, as on
# these machines): each start otherwise compiles the modules it imports again (~15 ms a command).
bytecode: $(RUN_STAMP) $(AOT_STAMP) $(JIT_STAMP)
	$(PY) -m compileall -q explorer

run: $(RUN_STAMP) bytecode
	$(PY) -m explorer

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
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis explorer/core/grundy/_aot_* explorer/core/game/_sweep_aot_* explorer/core/values/_vvalues_aot_* explorer/core/textio/_batch_aot_* explorer/core/textio/_text_aot_*
	find explorer -name "*.nbi" -delete -o -name "*.nbc" -delete
