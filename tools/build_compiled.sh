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
#
# It first checks for what mypyc needs, a C compiler and the Python headers, and stops with one
# line saying what to install (exit 2) before copying or installing anything: without them pip
# fails only after a minute of building, in a page of pip's and hatch's traceback.
set -euo pipefail
dir=${1:?usage: tools/build_compiled.sh DIR}
compiler=${CC:-}
compiler=${compiler%% *}  # CC may carry flags: its first word is the program the build runs
if [ -n "$compiler" ] && ! command -v "$compiler" >/dev/null; then
  echo "tools/build_compiled.sh: no C compiler $compiler (CC) on PATH: mypyc compiles the engine to C (install it, or unset CC to use gcc)" >&2
  exit 2
elif [ -z "$compiler" ] && ! command -v cc >/dev/null && ! command -v gcc >/dev/null; then
  echo "tools/build_compiled.sh: no C compiler (cc or gcc) on PATH: mypyc compiles the engine to C (install gcc: build-essential on Debian or Ubuntu)" >&2
  exit 2
fi
include=$(python3 -c "import sysconfig; print(sysconfig.get_paths()['include'])")
if [ ! -f "$include/Python.h" ]; then
  echo "tools/build_compiled.sh: no Python.h in $include: mypyc's C needs the Python headers (install python3-dev on Debian or Ubuntu, or the -dev package of this Python)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
mkdir -p "$dir"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$dir"
cd "$dir"
python3 -m venv .venv
.venv/bin/pip install -q -e . pytest pytest-xdist hypothesis  # the test extra's runners (pyproject.toml asks for -n auto)
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 .venv/bin/pip wheel -q --no-deps -w dist .
.venv/bin/rules --version
