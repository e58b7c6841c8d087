#!/usr/bin/env bash
# Renders an output directory's report.html in headless Chromium (Debian's `chromium`) and checks
# it: the page loads without a console message (it has no script: any message is an error such
# as a resource it failed to load), the summary numbers in the DOM (data-metric cards) equal
# those of the directory's coverage.lcov (LF/LH, BRF/BRH, FNF/FNH summed over its files), and a
# PNG screenshot is written.
#
#   scripts/check-report.sh klee-out-N [screenshot.png]   # default: klee-out-N/report.png
#
# Writes report.html first when it is missing (`trex report`). Exit status: 0 checked, 1 a check
# failed, 77 Chromium cannot start here (the harness then skips, saying so).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir=${1:?usage: check-report.sh OUTPUT-DIR [SCREENSHOT.png]}
dir=$(cd "$dir" && pwd)
png=${2:-$dir/report.png}
TREX=${TREX_BIN:-$ROOT/target/release/trex}
CHROMIUM=${CHROMIUM:-chromium}

[ -f "$dir/report.html" ] || "$TREX" report "$dir" >/dev/null
[ -f "$dir/coverage.lcov" ] || { echo "check-report: $dir/coverage.lcov is missing" >&2; exit 1; }
command -v "$CHROMIUM" >/dev/null || { echo "check-report: $CHROMIUM not installed (scripts/install-deps.sh)" >&2; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --no-sandbox: containers often forbid the sandbox's namespaces; the page is our own file.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
	--user-data-dir="$tmp/profile" --enable-logging=stderr --v=0)
url="file://$dir/report.html"
if ! timeout 120 "$CHROMIUM" "${flags[@]}" --dump-dom "$url" >"$tmp/dom.html" 2>"$tmp/dom.err"; then
	echo "check-report: chromium could not start or load the page:" >&2
	tail -5 "$tmp/dom.err" >&2
	exit 77
fi
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1280,2200 --screenshot="$png" "$url" \
	>/dev/null 2>"$tmp/shot.err" || { echo "check-report: screenshot failed" >&2; tail -5 "$tmp/shot.err" >&2; exit 1; }
[ -s "$png" ] || { echo "check-report: no screenshot written" >&2; exit 1; }

python3 - "$tmp/dom.html" "$dir/coverage.lcov" "$tmp/dom.err" "$tmp/shot.err" <<'EOF'
import re, sys
from html.parser import HTMLParser

dom_path, lcov_path, *logs = sys.argv[1:]
problems = []

# Console messages (Chromium logs them as `CONSOLE(line)` with --enable-logging).
for log in logs:
    for line in open(log, errors="replace"):
        if "CONSOLE" in line:
            problems.append("console: " + line.strip())

class Cards(HTMLParser):
    def __init__(self):
        super().__init__()
        self.metrics = {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-metric" in a and "data-total" in a:
            self.metrics[a["data-metric"]] = (int(a["data-hit"]), int(a["data-total"]))

p = Cards()
p.feed(open(dom_path, errors="replace").read())
if "Summary" not in open(dom_path, errors="replace").read():
    problems.append("the DOM has no summary (page not rendered?)")

sums = {k: 0 for k in ("LF", "LH", "BRF", "BRH", "FNF", "FNH")}
for line in open(lcov_path):
    key, _, value = line.strip().partition(":")
    if key in sums:
        sums[key] += int(value)
want = {"lines": (sums["LH"], sums["LF"]), "branches": (sums["BRH"], sums["BRF"]),
        "functions": (sums["FNH"], sums["FNF"])}
for name, (hit, total) in want.items():
    got = p.metrics.get(name)
    if got != (hit, total):
        problems.append(f"{name}: the page says {got}, coverage.lcov {hit} of {total}")

if problems:
    print("check-report: " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
print("check-report: ok: lines %d/%d, branches %d/%d, functions %d/%d" % (
    sums["LH"], sums["LF"], sums["BRH"], sums["BRF"], sums["FNH"], sums["FNF"]))
EOF
echo "check-report: screenshot $png"
