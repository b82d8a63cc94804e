"""Pins for hearts_core/builders.py, found by mutation testing (docs/mutation-engine.md)."""
