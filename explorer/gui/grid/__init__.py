"""The zoomable grid: exact integer origin, rasters drawn per frame, overlays, axes."""
