"""The Continental Rummy advisor, next to :mod:`solver.ramchi`, sharing :mod:`solver.cpsat`,
:mod:`solver.limits` and :mod:`solver.errors`.

- :mod:`~solver.continental.advice`: :func:`~solver.continental.advice.advise`, the one entry point.
- :mod:`~solver.continental.drop`: the CP-SAT model of the turn (drop, lay-offs, discard).
- :mod:`~solver.continental.distance`: exact distance to the contract and the outs.
- :mod:`~solver.continental.ranking`: every discard with its distance, outs and next-step outs.
- :mod:`~solver.continental.cardtypes`: hands as counts of the 53 card types.
- :mod:`~solver.continental.results`: the answer's value objects.
- :mod:`~solver.continental.bots`: the ``random`` and ``advisor`` bots (registered with
  :mod:`solver.bots`); :mod:`~solver.continental.ev_bot`: the ``ev`` bot.
- Expected points: :mod:`~solver.continental.sampler` deals what a seat does not know,
  :mod:`~solver.continental.position` is the decision, :mod:`~solver.continental.alternatives`
  what is priced, :mod:`~solver.continental.rollout` plays a hand out with a fast policy,
  :mod:`~solver.continental.expected` prices (with :mod:`~solver.continental.expected_words`).

The rules it relies on (melds, lay-offs, contracts and their drop sizes, run windows,
points, the deck and its copies) live in ``rulesets/continental/``.
"""
