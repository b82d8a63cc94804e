"""What the tests share: positions, strategies, reference checks and drivers; no tests."""
