"""Where the CPU went during a load benchmark phase: app servers, PostgreSQL, nginx.

Read from /proc (Linux): the user and system time of every live process whose command
line names the part. The clients measure themselves (``resource.getrusage`` in their
own processes), since they come and go with each phase. Only processes alive at both
ends of a phase are counted exactly, so the benchmark turns gunicorn's worker recycling
off while it measures.
"""

from __future__ import annotations

import os

PARTS = {"app servers": "gunicorn", "PostgreSQL": "postgres", "nginx": "nginx"}
_TICK = os.sysconf("SC_CLK_TCK")


def snapshot() -> dict[str, dict[int, float]]:
    """CPU seconds so far of each process of each part, by pid."""
    seen: dict[str, dict[int, float]] = {part: {} for part in PARTS}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as file:
                command = file.read().decode(errors="replace")
            with open(f"/proc/{entry.name}/stat") as file:
                stat = file.read()
        except OSError:  # gone meanwhile
            continue
        for part, word in PARTS.items():
            if word in command:
                # After the command name in parentheses: utime and stime are the 12th
                # and 13th fields.
                fields = stat.rsplit(")", 1)[1].split()
                seen[part][int(entry.name)] = (int(fields[11]) + int(fields[12])) / _TICK
                break
    return seen


def spent(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
          ) -> dict[str, float]:
    """CPU seconds each part spent between two snapshots."""
    return {
        part: sum(cpu - before[part].get(pid, 0.0) for pid, cpu in after[part].items())
        for part in PARTS
    }
