#!/bin/sh
# Takes a screenshot of a results folder's report.html in a real headless browser
# (Debian's chromium, installed if missing), to check the page renders with no network.
#
#   scripts/screenshot-report.sh RESULTS_FOLDER [OUT.png] [WIDTHxHEIGHT]
#
# Example: scripts/screenshot-report.sh results/classic /tmp/classic-report.png 1280x2000
set -eu
folder=${1:?usage: $0 RESULTS_FOLDER [OUT.png] [WIDTHxHEIGHT]}
out=${2:-report.png}
size=${3:-1280x2000}
page=$(cd "$folder" && pwd)/report.html
[ -f "$page" ] || { echo "error: $page does not exist (run the scenario first)" >&2; exit 2; }
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update && apt-get install -y chromium
fi
# --no-sandbox: needed when running as root (containers); the page is a local file.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$(echo "$size" | tr x ,)" --screenshot="$out" "file://$page" 2>/dev/null
echo "screenshot of $page written to $out"
