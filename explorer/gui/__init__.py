"""The window and its parts. Everything Qt lives under this package."""
