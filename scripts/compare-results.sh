#!/usr/bin/env bash
# Byte-identity check between two builds of dilemma: every scenario in
# scenarios/ (or those given) is run whole by OLD and by NEW, and by NEW as
# 3 shards merged (or as many as the scenario's `[shards] count`); every
# results file must be byte-identical to OLD's whole run (run.json aside: it
# records times and threads). Kinds that cannot be split into shards say so
# and are compared whole only.
#
#   scripts/compare-results.sh OLD_BINARY NEW_BINARY [SCENARIO...]
#
# Prints one line per scenario (`same`, `same, 3 shards same`, or what
# differs) and exits 1 if anything differs.
set -uo pipefail
cd "$(dirname "$0")/.."
old=$1
new=$2
shift 2
if [ $# -eq 0 ]; then
  set -- scenarios/*.toml
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# Lists every file of a results folder but run.json, with its SHA-256.
digests() {
  (cd "$1" && find . -type f ! -name run.json -print0 | sort -z | xargs -0 sha256sum)
}

for scenario in "$@"; do
  name=$(basename "$scenario" .toml)
  rm -rf "$work"/*
  if ! "$old" run "$scenario" --quiet --threads 2 --out "$work/old" >"$work/old.log" 2>&1; then
    echo "$name: the old binary failed: $(tail -1 "$work/old.log")"
    status=1
    continue
  fi
  if ! "$new" run "$scenario" --quiet --threads 2 --out "$work/new" >"$work/new.log" 2>&1; then
    echo "$name: the new binary failed: $(tail -1 "$work/new.log")"
    status=1
    continue
  fi
  folder=$(ls "$work/old")
  digests "$work/old/$folder" >"$work/old.sums"
  digests "$work/new/$folder" >"$work/new.sums"
  files=$(wc -l <"$work/old.sums")
  if ! cmp -s "$work/old.sums" "$work/new.sums"; then
    echo "$name: DIFFERS whole:"
    diff "$work/old.sums" "$work/new.sums" | head -20
    status=1
    continue
  fi
  line="$name: $files files same"
  sharded=yes
  # 3 shards, or the scenario's own `[shards] count`.
  count=$(awk '/^\[shards\]/ {s = 1; next} /^\[/ {s = 0} s && $1 == "count" {print $3}' "$scenario")
  count=${count:-3}
  for ((i = 0; i < count; i++)); do
    if ! "$new" run "$scenario" --quiet --threads 2 --shard "$i/$count" --out "$work/shards" \
      >"$work/shard.log" 2>&1; then
      if grep -q 'only those can be run as shards' "$work/shard.log"; then
        sharded=no
        break
      fi
      echo "$name: shard $i/$count failed: $(tail -1 "$work/shard.log")"
      status=1
      sharded=failed
      break
    fi
  done
  if [ "$sharded" = yes ]; then
    if ! "$new" merge "$work"/shards/*.shard-* --quiet --out "$work/merged" >"$work/merge.log" 2>&1; then
      echo "$name: merge failed: $(tail -1 "$work/merge.log")"
      status=1
      continue
    fi
    digests "$work/merged/$folder" >"$work/merged.sums"
    if cmp -s "$work/old.sums" "$work/merged.sums"; then
      line="$line; $count shards merged: same"
    else
      echo "$name: DIFFERS as $count shards merged:"
      diff "$work/old.sums" "$work/merged.sums" | head -20
      status=1
      continue
    fi
  elif [ "$sharded" = no ]; then
    line="$line; not a kind split into shards"
  else
    continue
  fi
  echo "$line"
done
exit $status
