"""Benchmarks: `make bench` (python -m bench). Each job is timed against a baseline run now."""
