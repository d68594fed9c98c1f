"""The advice audit: every claim a hint makes, judged against the whole game.

The table's advice sees one seat's view; the audit sees everything. It plays seeded
games in which every seat follows its own hint, and at each decision judges each claim
of the advice with its kind's checker: a certain claim must hold in the real deal and
in every sampled deal that agrees with the seat's view; a likely claim is counted, to
show how often "likely" came true. Tests and ``benchmarks/advice_audit.py`` use it;
nothing a player runs does.
"""
