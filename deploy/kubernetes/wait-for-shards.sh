# Waits for the shard Job named by $1 (the merge Job's init container runs
# this text with `sh -c`; tests/suite/deploy_manifests.rs checks that the
# manifest holds it verbatim and runs it against a stand-in kubectl).
# Exit 0 when the Job completes; exit 1 at once when it fails (nothing to
# merge), or after WAIT_SECONDS (default 21600 s, 6 h) when neither.
job="$1"
limit="${WAIT_SECONDS:-21600}"
poll="${POLL_SECONDS:-10}"
start=$(date +%s)
while :; do
  state=$(kubectl get "job/$job" -o 'jsonpath={range .status.conditions[?(@.status=="True")]}{.type}{" "}{end}') || state=""
  case " $state" in
    *" Complete "*) echo "job/$job complete"; exit 0 ;;
    *" Failed "*) echo "job/$job failed: nothing to merge" >&2; exit 1 ;;
  esac
  if [ $(( $(date +%s) - start )) -ge "$limit" ]; then
    echo "job/$job did not finish within $limit s" >&2
    exit 1
  fi
  sleep "$poll"
done
