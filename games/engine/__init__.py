"""Pure-Python rules engines. Nothing in this package may import Django."""
