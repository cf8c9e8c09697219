"""Running the API under gunicorn from Python (used by ``ramchi serve``)."""

from __future__ import annotations

from typing import Any

from gunicorn.app.base import BaseApplication

from api import create_app


class _Server(BaseApplication):  # type: ignore[misc]
    """A gunicorn application serving :func:`api.create_app`."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return create_app()


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Serve the API until interrupted; the database is set by ``DATABASE_URL``."""
    print(f"Serving on http://{host}:{port}  (docs: http://{host}:{port}/docs)", flush=True)
    _Server({"bind": f"{host}:{port}", "workers": workers, "timeout": 60,
             "accesslog": "-"}).run()
