"""The session: Qt-free, evented state of one exploration (rule, selection, view, mode, queries, game)."""
