# Two entry points: `make demo` (a recorded Unification session through the real pipeline to the
# emulated OLED) and `make test`. Both create .venv and install what they need on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench fixtures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/dicekeeper demo

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/dicekeeper bench accuracy --dataset ../shared/realdata/nellbyler_dice_detection --colours white,red
	$(BIN)/dicekeeper bench latency

fixtures: $(STAMP)
	$(BIN)/python -m calibration.make_fixtures

clean:
	rm -rf $(VENV) out build *.egg-info
