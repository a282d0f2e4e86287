"""Controllers turn the views' requests into changes of the session model, and the model's events into view updates."""
