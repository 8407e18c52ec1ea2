#!/usr/bin/env bash
# The compiled build (docs/speed.md), built and tested as CI does it:
#
#   tools/test_compiled.sh [PLAIN_VENV]
#
# 1. makes a compiled copy of this checkout in a temporary folder (tools/build_compiled.sh: the
#    copy installed editable into a venv of its own, then built with mypyc as `pip install .`
#    with the switch builds it; the compiled modules sit beside the copy's sources, where
#    Python prefers them to the .py files) -- this checkout itself is never touched;
# 2. runs the engine, search, record, perft, property, observation and API tests in the copy (the run stops if the
#    engine imported is not the compiled one: RULES_EXPECT_COMPILED);
# 3. plays the same seeded matches and simulations with the plain build of PLAIN_VENV (default
#    .venv, the README's) and the compiled one, and compares records and JSON byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
plain=$PWD/${1:-.venv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== a copy of the checkout, installed editable, then built with mypyc" >&2
tools/build_compiled.sh "$work"
cd "$work"

echo "== the tests of the engine, search, records, perft, properties, observations and the API, compiled" >&2
# --proof-deals 50: the field proofs on every ruleset play 50 deals each here, 200 in the plain run
RULES_EXPECT_COMPILED=1 .venv/bin/python -m pytest -p no:cacheprovider -q --proof-deals 50 \
  tests/engine tests/search tests/golden tests/property tests/play tests/rules tests/rules_na tests/bots \
  tests/adapters/test_observation.py tests/api

echo "== the same seeds give the same bytes in both builds" >&2
for spec in "schnapsen search:easy,greedy" "sechsundsechzig random,greedy" "north-american-4" \
            "house/bauernschnapsen" "house/bauernschnapsen-regional" "house/dreierschnapsen" "house/burgenland-contra"; do
  set -- $spec
  name=$1
  players=()
  if [ $# -gt 1 ]; then players=(--players "$2"); fi
  file=${name//\//_}
  "$plain/bin/rules" run "$name" --seed 11 "${players[@]}" --record "$work/$file.plain.yaml" >/dev/null
  .venv/bin/rules run "$name" --seed 11 "${players[@]}" --record "$work/$file.compiled.yaml" >/dev/null
  cmp "$work/$file.plain.yaml" "$work/$file.compiled.yaml"
  echo "same record: $name" >&2
done
"$plain/bin/rules" simulate schnapsen --deals 3000 --seed 5 --json >"$work/sim.plain.json" 2>/dev/null
.venv/bin/rules simulate schnapsen --deals 3000 --seed 5 --json >"$work/sim.compiled.json" 2>/dev/null
cmp "$work/sim.plain.json" "$work/sim.compiled.json"
echo "same simulation: schnapsen, 3000 deals" >&2
