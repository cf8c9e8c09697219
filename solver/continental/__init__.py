"""The Continental Rummy solver (to come), next to :mod:`solver.ramchi` and sharing
:mod:`solver.cpsat`, :mod:`solver.limits` and :mod:`solver.errors`.

What will go here: the drop decision (can the hand lay down its contract), distance to
the contract and outs, discard ranking, take/buy decisions, and bots for the referee's
random games. The rules it relies on live in ``rulesets/continental/``.
"""
