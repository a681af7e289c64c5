"""Builders of the course pages' tables and figures, from the engine."""
