#!/bin/bash
# Submit a study as a Slurm job array of SHARDS shards plus the merge job,
# which waits for the whole array (--dependency=afterok).
#
#   deploy/slurm/submit.sh scenarios/sweep-noise.toml 4 [OUT] [RESULTS]
# Prints the two job ids.
set -euo pipefail
SCENARIO="$1"
SHARDS="$2"
OUT="${3:-shards}"
RESULTS="${4:-results}"
HERE="$(cd "$(dirname "$0")" && pwd)"
NAME="$(sed -n 's/^name *= *"\(.*\)"/\1/p' "$SCENARIO" | head -n 1)"
NAME="${NAME:-$(basename "$SCENARIO" .toml)}"
array=$(SCENARIO="$SCENARIO" OUT="$OUT" sbatch --parsable --export=ALL \
    --array="0-$((SHARDS - 1))" "$HERE/shards.sbatch")
merge=$(NAME="$NAME" SHARDS="$SHARDS" OUT="$OUT" RESULTS="$RESULTS" sbatch --parsable \
    --export=ALL --dependency="afterok:${array%%;*}" "$HERE/merge.sbatch")
echo "array job $array, merge job $merge"
