#!/usr/bin/env bash
# Runs a command and prints its wall time and the CPU of everything it started, Chromium's
# renderers included: they leave the process tree (so `time` misses them), never the cgroup.
# Needs root and cgroup v1's cpuacct or cgroup v2; without either it falls back to `time`.
# Usage: scripts/cpu-of.sh make test
set -uo pipefail
name="cardsite-cpu-$$"
v1=/sys/fs/cgroup/cpuacct
v2=/sys/fs/cgroup
if [ -d "$v1" ] && mkdir "$v1/$name" 2>/dev/null; then
    group="$v1/$name"; kind=v1
elif [ -f "$v2/cgroup.controllers" ] && mkdir "$v2/$name" 2>/dev/null; then
    group="$v2/$name"; kind=v2
else
    echo "cpu-of: no cgroup to count in (not root?): falling back to time, which misses Chromium's renderers" >&2
    TIMEFORMAT='WALL %R s  CPU user %U s  system %S s (time)'
    time "$@"
    exit $?
fi
start=$(date +%s.%N)
(echo $BASHPID > "$group/cgroup.procs"; exec "$@")
status=$?
end=$(date +%s.%N)
if [ $kind = v1 ]; then
    # cpuacct.stat counts in USER_HZ ticks.
    read -r _ user < <(grep '^user' "$group/cpuacct.stat")
    read -r _ sys < <(grep '^system' "$group/cpuacct.stat")
    hz=$(getconf CLK_TCK)
    user=$(awk -v t="$user" -v hz="$hz" 'BEGIN {printf "%.1f", t / hz}')
    sys=$(awk -v t="$sys" -v hz="$hz" 'BEGIN {printf "%.1f", t / hz}')
else
    user=$(awk '/^user_usec/ {printf "%.1f", $2 / 1e6}' "$group/cpu.stat")
    sys=$(awk '/^system_usec/ {printf "%.1f", $2 / 1e6}' "$group/cpu.stat")
fi
wall=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')
# Anything still running in the group (a stray Chromium) moves out so the group can go.
while read -r pid; do echo "$pid" > "$(dirname "$group")/cgroup.procs" 2>/dev/null; done < "$group/cgroup.procs"
rmdir "$group" 2>/dev/null
echo "WALL ${wall} s  CPU user ${user} s  system ${sys} s  exit ${status}" >&2
exit $status
