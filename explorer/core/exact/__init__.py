"""Exact integer helpers: big-number text, numpy paths exact over their stated ranges, 128-bit products."""
