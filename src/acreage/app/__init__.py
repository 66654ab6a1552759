"""The terminal application: ``acreage play``, ``acreage replay``, ``acreage games``."""
