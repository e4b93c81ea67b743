#!/usr/bin/env bash
# `make run` as a newcomer types it, then the home page asked for in French and in
# Norwegian: each must answer 200 in its own language. Stops the server it started.
# Usage: scripts/smoke-run.sh [port]
set -uo pipefail
cd "$(dirname "$0")/.."
port=${1:-8765}
log=$(mktemp)
setsid make run PORT="$port" >"$log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null; wait $server 2>/dev/null; rm -f "$log"' EXIT
status=0
.venv/bin/python - "$port" <<'PY' || status=1
import sys
import time
import urllib.request

port = sys.argv[1]
deadline = time.monotonic() + 120  # a first `make run` installs the site before it serves
while True:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5)
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("make run did not answer within two minutes")
        time.sleep(0.5)
for language in ("fr", "nb"):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/", headers={"Accept-Language": language}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        page = answer.read().decode()
        assert answer.status == 200, (language, answer.status)
        assert f'<html lang="{language}"' in page, f"the {language} home page is not in {language}"
        assert "A solitaire of pairs" not in page, f"the {language} home page reads in English"
    print(f"make run: the home page asked for in {language} answered {answer.status} in {language}")
PY
[ $status -eq 0 ] || { echo "== make run's output"; cat "$log"; }
exit $status
