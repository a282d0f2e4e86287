"""`make bench` (or `python -m bench render`): every job prints its time and, where one applies, its ratio to a baseline
timed in the same run (absolute times on these machines drift; ratios hold)."""

from __future__ import annotations

import os
import platform
import sys

from bench import (
    contest_jobs,
    core_jobs,
    far_values_jobs,
    frames_jobs,
    grundy_jobs,
    heaps_jobs,
    query_jobs,
    render_jobs,
    sequence_jobs,
    startup_jobs,
    values_jobs,
)


def main() -> int:
    jobs = {
        "startup": startup_jobs.run,
        "core": core_jobs.run,
        "render": render_jobs.run,
        "frames": frames_jobs.run,
        "query": query_jobs.run,
        "contest": contest_jobs.run,
        "installed": contest_jobs.run_installed,
        "grundy": grundy_jobs.run,
        "values": values_jobs.run,
        "sequence": sequence_jobs.run,
        "far": far_values_jobs.run,
        "heaps": heaps_jobs.run,
    }
    chosen = sys.argv[1:] or list(jobs)
    unknown = [name for name in chosen if name not in jobs]
    if unknown:
        names = ", ".join(jobs)
        sys.stderr.write(f"usage: python -m bench [JOB ...]; the jobs are {names} (not {', '.join(unknown)})\n")
        return 2
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'job':<46} {'ours':>10}   {'baseline':<28} {'time':>10}   ratio")
    for name in chosen:
        jobs[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
