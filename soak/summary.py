"""What a soak run reports: its summary line, and the memory it reads from the kernel."""

from __future__ import annotations

from dataclasses import dataclass, field

BENIGN_QT = ("propagateSizeHints", "QFont::setPointSize", "Populating font family aliases", "does not support raise()")
STACK_AFTER_S = 0.15  # the watchdog notes the stack this far into a stretch
SLOW_ACTION_S = 3.0  # with --progress, actions (and what they set off) that take longer are named


@dataclass
class Summary:
    seed: int
    actions: int = 0
    exceptions: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    unsettled: list[str] = field(default_factory=list)
    longest_stall: float = 0.0
    stall_action: str = ""
    rss_start: float = 0.0
    rss_end: float = 0.0
    rss_peak: float = 0.0
    checks: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    zoom_out_digits: int = 0  # digits of the most cells per pixel reached
    longest_gc: float = 0.0  # the longest pause of Python's cyclic collector (part of any stall)
    stall_stack: str = ""  # where the GUI thread was, 150 ms into the longest stall

    def line(self) -> str:
        return (
            f"soak seed={self.seed} actions={self.actions} checks={self.checks} "
            f"exceptions={len(self.exceptions)} wrong={len(self.wrong)} unsettled={len(self.unsettled)} "
            f"longest_stall_ms={self.longest_stall * 1000:.0f} ({self.stall_action}) "
            f"zoomed_out_to=10^{max(0, self.zoom_out_digits - 1)} "
            f"longest_gc_ms={self.longest_gc * 1000:.0f} "
            f"rss_mib start={self.rss_start:.0f} end={self.rss_end:.0f} peak={self.rss_peak:.0f}"
        )

    @property
    def ok(self) -> bool:
        return not self.exceptions and not self.wrong and not self.unsettled


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2**20


def peak_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0
