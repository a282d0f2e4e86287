"""`make bench`: every job prints its time and, where one applies, its ratio to a baseline
timed in the same run (absolute times on these machines drift; ratios hold)."""

from __future__ import annotations

import os
import platform

from bench import core_jobs


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'job':<46} {'ours':>10}   {'baseline':<28} {'time':>10}   ratio")
    core_jobs.run()


if __name__ == "__main__":
    main()
