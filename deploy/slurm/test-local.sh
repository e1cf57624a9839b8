#!/bin/bash
# A real Slurm run on this machine: installs Debian's slurmctld, slurmd and
# munge (needs root and apt), starts a one-node cluster on localhost, submits
# scenarios/sweep-noise.toml as a 4-task array job plus the merge job
# (--dependency=afterok), waits, and compares the merged folder with a
# single run (every file byte for byte; run.json without threads and
# total_seconds). Exit 0 when they are equal.
#
#   sudo deploy/slurm/test-local.sh          (from the repository root)
#   sudo DILEMMA=/path/to/dilemma deploy/slurm/test-local.sh   (skip the build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
WORK="$(mktemp -d /tmp/dilemma-slurm-XXXXXX)"
chmod 755 "$WORK"
SHARDS=4
SCENARIO="$ROOT/scenarios/sweep-noise.toml"
NAME=sweep-noise

echo "== installing slurm and munge"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq slurmctld slurmd munge >/dev/null

if [ -z "${DILEMMA:-}" ]; then
    echo "== building dilemma (release)"
    cargo build --release --quiet
    DILEMMA="$ROOT/target/release/dilemma"
fi
echo "== dilemma: $DILEMMA"

echo "== starting a one-node cluster on localhost"
CPUS=$(nproc)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=dilemma-test
SlurmctldHost=localhost
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=localhost CPUs=$CPUS State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
[ -f /etc/munge/munge.key ] || mungekey --create 2>/dev/null || \
    dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
chown -R munge: /etc/munge /run/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
# Daemons this script starts are stopped when it ends (by the pid each
# writes to its pid file).
pidfiles=()
trap 'for f in "${pidfiles[@]}"; do [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null; done; true' EXIT
start() { # name pidfile command...
    local name=$1 pidfile=$2
    shift 2
    if ! pgrep -x "$name" >/dev/null; then
        "$@"
        pidfiles+=("$pidfile")
    fi
}
start munged /run/munge/munged.pid sh -c 'su -s /bin/sh munge -c /usr/sbin/munged || /usr/sbin/munged --force'
start slurmctld /run/slurmctld.pid slurmctld
start slurmd /run/slurmd.pid slurmd
for _ in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 1
done
sinfo

echo "== submitting $SHARDS shards and the merge"
cd "$WORK"
ids=$(DILEMMA="$DILEMMA" "$ROOT/deploy/slurm/submit.sh" "$SCENARIO" "$SHARDS" shards merged)
echo "$ids"
merge_id=$(echo "$ids" | sed -n 's/.*merge job \([0-9]*\).*/\1/p')
for _ in $(seq 600); do
    squeue -h -j "$merge_id" 2>/dev/null | grep -q . || break
    sleep 1
done
sacct -j "$merge_id" -n -o JobID,State,ExitCode 2>/dev/null || true
cat dilemma-shards-*.out dilemma-merge-*.out 2>/dev/null || true

echo "== single run and comparison"
"$DILEMMA" run "$SCENARIO" --out single --quiet
python3 - "$WORK/single/$NAME" "$WORK/merged/$NAME" <<'PY'
import json, os, sys
a, b = sys.argv[1], sys.argv[2]
names = sorted(os.listdir(a))
assert names == sorted(os.listdir(b)), (names, sorted(os.listdir(b)))
for name in names:
    x, y = open(os.path.join(a, name), "rb").read(), open(os.path.join(b, name), "rb").read()
    if name == "run.json":
        x, y = json.loads(x), json.loads(y)
        for k in ("threads", "total_seconds"):
            x.pop(k, None); y.pop(k, None)
    assert x == y, name
    print(f"identical: {name}")
print(f"merged folder of {os.path.basename(a)} equals the single run")
PY
