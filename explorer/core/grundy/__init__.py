"""Sprague-Grundy values: the compiled mex sweep and the growing table the window uses."""
