"""Continental Rummy over HTTP: its bodies, card reading, advice answers and routes.

``schemas`` (the game's bodies), ``advice_schemas`` (the advisor's request and answer),
``cards`` (how request cards are read), ``answers`` (the advice as JSON, and the route's
solver work), ``advice_routes``, and ``game_api``, which registers all of it with
:mod:`api.game_api`.
"""
