"""A seat token is sent as ``Authorization: Bearer <token>``, and read from there only.

>>> bearer_token("Bearer s3cret"), bearer_token("bearer  s3cret "), bearer_token(None), bearer_token("")
('s3cret', 's3cret', None, None)
>>> bearer_token("Basic czNjcmV0")
Traceback (most recent call last):
...
api.bearer.MalformedAuthorization: use 'Authorization: Bearer <seat token>'
"""

from __future__ import annotations

__all__ = ["MalformedAuthorization", "bearer_token"]


class MalformedAuthorization(ValueError):
    """An ``Authorization`` header that is not ``Bearer <token>`` (the API answers ``401``)."""


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization`` header's value (``None`` or empty: no token, the public).

    The scheme is read in any letter case; the token without the spaces around it. Raises
    :class:`MalformedAuthorization` for another scheme or an empty token.
    """
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise MalformedAuthorization("use 'Authorization: Bearer <seat token>'")
    return token.strip()
