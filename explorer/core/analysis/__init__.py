"""Questions about positions under a rule: the inspector report, and games against the computer."""
