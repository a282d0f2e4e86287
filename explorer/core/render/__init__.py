"""Rasters: exact cold counts for every texel of a viewport, for the window and for images."""
