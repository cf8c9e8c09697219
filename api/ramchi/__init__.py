"""Ramchi over HTTP: its bodies, card reading, advice answers and routes.

``schemas`` (the game's bodies), ``advice_schemas`` and ``trainer_schemas`` (the solver's
requests and answers), ``cards`` (how request cards are read), ``answers`` (the solver work of
each advice route, as JSON), ``combination_routes`` and ``advice_routes``, and ``game_api``,
which registers all of it with :mod:`api.game_api`.
"""
