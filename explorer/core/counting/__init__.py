"""Counting cold cells in rectangles: closed forms, the Fenwick index, dominance counting, batches."""
