"""Positions without YAML: building states from values, and position strings."""
