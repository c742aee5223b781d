#!/usr/bin/env bash
# Differential campaign: random kernels per model (tests/gen_kernels.py), each checked by the
# checker and run by the simulator (tests/differential.py); prints per model the kernels,
# hazards reported, witnesses confirmed, disagreements and time.
#
# usage: bench/differential.sh [COUNT] [MODEL...]   (default 100000 per model, every model)
# environment: ACCELSYNC (default build/src/accelsync), JOBS (default: all CPUs), SEED (1),
#   BUDGET (seconds per model, 0: none), SAVE (directory for disagreeing kernels),
#   EXTRA (more options for tests/differential.py, e.g. --random-runs 20)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
count=${1:-100000}
shift || true
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(ascend910b2 ascend910 ascend950 mlu370 mlu590)
binary=${ACCELSYNC:-$root/build/src/accelsync}
[ -x "$binary" ] || { echo "differential.sh: no binary at $binary (set ACCELSYNC)" >&2; exit 2; }
read -r -a extra <<< "${EXTRA:-}"
status=0
start=$(date +%s)
for m in "${models[@]}"; do
  python3 "$root/tests/differential.py" "$binary" --model "$m" --count "$count" \
    --seed "${SEED:-1}" --jobs "${JOBS:-$(nproc)}" --budget "${BUDGET:-0}" --quiet \
    ${SAVE:+--save "$SAVE"} "${extra[@]}" || status=1
done
echo "differential.sh: ${#models[@]} model(s), $count kernels each, $(( $(date +%s) - start )) s in all"
exit $status
