"""Card Table: a desktop card table for five card games against AI or friends."""

__version__ = "0.1.0"
