"""Text in and out for the command line and batch files: fast exact integer parsing and printing."""
