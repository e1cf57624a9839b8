#!/bin/bash
# The Kubernetes set-up checked without a cluster (no kind or k3s package is
# in Debian, and image registries are out of reach here):
#   1. every manifest validated against the Kubernetes 1.31 API schemas,
#      strictly (unknown fields refused), with kubernetes-validate from PyPI;
#   2. the Indexed Job played locally as the kubelet would: the image's
#      folders as the Dockerfile lays them out (/scenarios, /strategies), the
#      volume at /data, each index's container args as the manifest gives
#      them with JOB_COMPLETION_INDEX set, then the merge Job's init script
#      (wait-for-shards.sh, run by sh against a stand-in kubectl that reports
#      the shard Job complete) and its args; the merged folder must equal a
#      single run byte for byte (run.json without threads and total_seconds);
#   3. the init script fails fast when the shard Job has failed, and gives up
#      after WAIT_SECONDS when the Job never finishes.
#
#   deploy/kubernetes/test-local.sh              (from the repository root)
#   DILEMMA=/path/to/dilemma deploy/kubernetes/test-local.sh   (skip the build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
HERE="$ROOT/deploy/kubernetes"
WORK="$(mktemp -d /tmp/dilemma-kubernetes-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

if ! python3 -m venv --help >/dev/null 2>&1; then
    echo "== installing python3 and venv (needs root and apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq python3 python3-venv >/dev/null
fi

echo "== 1. the manifests against the Kubernetes 1.31 schemas (strict)"
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install --quiet kubernetes-validate==1.37.0
"$WORK/venv/bin/kubernetes-validate" -k 1.31.0 --strict "$HERE"/*.json

if [ -z "${DILEMMA:-}" ]; then
    echo "== building dilemma (release)"
    cargo build --release --quiet
    DILEMMA="$ROOT/target/release/dilemma"
fi
echo "== dilemma: $DILEMMA"

echo "== 2. the Indexed Job and the merge Job, played locally"
IMAGE="$WORK/image"
mkdir -p "$IMAGE" "$WORK/data"
cp -r "$ROOT/scenarios" "$IMAGE/scenarios"
cp -r "$ROOT/strategies" "$IMAGE/strategies"
mkdir -p "$WORK/bin"
printf '#!/bin/sh\nprintf "%%s" "$KUBECTL_CONDITIONS"\n' > "$WORK/bin/kubectl"
chmod +x "$WORK/bin/kubectl"
python3 - "$HERE" "$IMAGE" "$WORK/data" "$DILEMMA" "$WORK/bin" <<'PY'
import json, os, subprocess, sys
here, image, data, dilemma, bin_dir = sys.argv[1:]

def local(arg):
    # The container's paths on this machine.
    for inside, outside in (("/scenarios", image + "/scenarios"), ("/data", data)):
        if arg == inside or arg.startswith(inside + "/"):
            return outside + arg[len(inside):]
    return arg

shards = json.load(open(os.path.join(here, "shards-job.json")))
spec = shards["spec"]
assert spec["completionMode"] == "Indexed"
container = spec["template"]["spec"]["containers"][0]
for index in range(spec["completions"]):
    env = dict(os.environ, JOB_COMPLETION_INDEX=str(index))
    args = [local(a) for a in container["args"]]
    print("shard", index, ":", " ".join(args))
    subprocess.run([dilemma] + args, env=env, check=True)

merge = json.load(open(os.path.join(here, "merge-job.json")))
pod = merge["spec"]["template"]["spec"]
init = pod["initContainers"][0]
env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
           KUBECTL_CONDITIONS="SuccessCriteriaMet Complete ")
env.update({e["name"]: e["value"] for e in init.get("env", [])})
subprocess.run(init["command"], env=env, check=True, timeout=60)
args = [local(a) for a in pod["containers"][0]["args"]]
print("merge:", " ".join(args))
subprocess.run([dilemma] + args, check=True)
PY

SCENARIO="$IMAGE/scenarios/sweep-noise.toml"
"$DILEMMA" run "$SCENARIO" --quiet --out "$WORK/single"
python3 - "$WORK/data/results/sweep-noise" "$WORK/single/sweep-noise" <<'PY'
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
print("the merged folder equals the single run")
PY

echo "== 3. the init script fails fast and is bounded"
SCRIPT="$HERE/wait-for-shards.sh"
start=$(date +%s)
if PATH="$WORK/bin:$PATH" KUBECTL_CONDITIONS="FailureTarget Failed " sh "$SCRIPT" job-x; then
    echo "FAIL: a failed shard Job was waited for as if complete"; exit 1
fi
echo "a failed shard Job: exit 1 after $(( $(date +%s) - start )) s"
start=$(date +%s)
if PATH="$WORK/bin:$PATH" KUBECTL_CONDITIONS="" WAIT_SECONDS=2 POLL_SECONDS=1 sh "$SCRIPT" job-x; then
    echo "FAIL: an unfinished shard Job was waited for as if complete"; exit 1
fi
echo "a shard Job that never finishes: exit 1 after $(( $(date +%s) - start )) s (WAIT_SECONDS=2)"
echo "kubernetes set-up: all checks passed"
