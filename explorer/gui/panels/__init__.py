"""Panels are views: they show state through set_* methods and emit requests; they never change the model."""
