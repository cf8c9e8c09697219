"""Interactive API docs at ``/docs``: Swagger UI served from the installed package (no CDN)."""

from __future__ import annotations

from flask import Flask
from flask_swagger_ui import get_swaggerui_blueprint


def register_docs(app: Flask) -> None:
    """Serve Swagger UI at ``/docs`` reading ``/openapi.json``."""
    blueprint = get_swaggerui_blueprint(
        "/docs",
        "/openapi.json",
        # validatorUrl None: no badge fetched from swagger.io (offline, and within the docs' CSP)
        config={"app_name": app.config["API_TITLE"], "deepLinking": True, "validatorUrl": None},
        blueprint_name="docs",
    )
    app.register_blueprint(blueprint)
