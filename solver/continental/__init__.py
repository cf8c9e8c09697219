"""The Continental Rummy advisor, next to :mod:`solver.ramchi`, sharing :mod:`solver.cpsat`,
:mod:`solver.limits` and :mod:`solver.errors`.

- :mod:`~solver.continental.advice`: :func:`~solver.continental.advice.advise`, the one entry point.
- :mod:`~solver.continental.drop`: the CP-SAT model of the turn (drop, lay-offs, discard).
- :mod:`~solver.continental.distance`: exact distance to the contract and the outs.
- :mod:`~solver.continental.ranking`: every discard with its distance, outs and next-step outs.
- :mod:`~solver.continental.cardtypes`: hands as counts of the 53 card types.
- :mod:`~solver.continental.results`: the answer's value objects.
- :mod:`~solver.continental.bots`: the ``random`` and ``advisor`` bots (registered with
  :mod:`solver.bots`).

The rules it relies on (melds, lay-offs, contracts and their drop sizes, run windows,
points, the deck and its copies) live in ``rulesets/continental/``.
"""
