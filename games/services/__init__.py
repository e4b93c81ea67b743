"""The only layer that joins models and engines: lock, apply, save, count statistics."""
