"""The soak test: a seeded random driver of the real window, with every answer checked."""
