"""The Ramchi solver: advice (ev, maximin), hindsight review and bots, on one CP-SAT set-packing core.

See docs/solver.md for the formulations. The public names are re-exported by :mod:`solver`.
"""
