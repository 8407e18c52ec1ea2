#!/usr/bin/env bash
# A compiled copy of this checkout (docs/speed.md):
#
#   tools/build_compiled.sh DIR
#
# copies the checkout (its tracked and unignored files) to DIR, installs the copy editable into
# DIR/.venv with pytest, pytest-xdist and hypothesis, then builds its wheel with mypyc
# (HATCH_BUILD_HOOK_ENABLE_MYPYC=1, the same build as `pip install .` with the switch; the wheel
# lands in DIR/dist).  The build leaves the compiled modules beside the copy's sources, where
# Python prefers them to the .py files: DIR/.venv/bin/rules, and any Python run with DIR first
# on its path, use the compiled engine.  This checkout itself is never touched.
set -euo pipefail
dir=${1:?usage: tools/build_compiled.sh DIR}
cd "$(dirname "$0")/.."
mkdir -p "$dir"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$dir"
cd "$dir"
python3 -m venv .venv
.venv/bin/pip install -q -e . pytest pytest-xdist hypothesis  # the test extra's runners (pyproject.toml asks for -n auto)
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 .venv/bin/pip wheel -q --no-deps -w dist .
.venv/bin/rules --version
