"""Pins for hearts_core/restrictions.py, found by mutation testing (docs/mutation-engine.md)."""
