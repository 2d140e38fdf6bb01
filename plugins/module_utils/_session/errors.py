# -*- coding: utf-8 -*-
# Copyright: (c) 2026, fabricops.dashboard contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)
"""Internal to this collection: the errors the dashboard session raises.

Every message is written for the person running the play: what went wrong and what to change.
No message ever carries a password, a token, a cookie, a header or a request body; the
response body of an API error is kept separately (``body``) and only its well-known message
fields are quoted.
"""

from __future__ import annotations


class DashboardError(Exception):
    """Base of every error the session class raises."""

    def __init__(self, message, **details):
        super().__init__(message)
        self.message = message
        self.details = details

    def __str__(self):
        return self.message


class ConfigurationError(DashboardError):
    """An option is missing or wrong; nothing was sent to the dashboard."""


class NoSessionGiven(ConfigurationError):
    """Neither a session nor a dashboard address reached the task."""


class TransportError(DashboardError):
    """The dashboard could not be reached, or TLS failed, or it answered nothing."""


class AuthenticationFailed(DashboardError):
    """The dashboard refused the credentials (or gave no token) on login."""

    def __init__(self, message, status=None, **details):
        super().__init__(message, status=status, **details)
        self.status = status


class SessionExpired(DashboardError):
    """The session token is expired, logged out or invalid, and could not be renewed."""


class RbacFormatError(DashboardError):
    """The rbac field of a login answer is not the JSON structure the platform documents."""


class ApiError(DashboardError):
    """The dashboard answered with a status the caller did not accept."""

    def __init__(self, message, status, body=None, method=None, path=None):
        super().__init__(message, status=status, method=method, path=path)
        self.status = status
        self.body = body
        self.method = method
        self.path = path


# How much of a server's own words an error message quotes: enough for any real message; a
# server that quotes back a 20 MB field must not put 20 MB into the task's output.
MAX_QUOTED = 500
# An error answer bigger than this is not handed to the task result (its message is still quoted, bounded).
MAX_ERROR_BODY = 64 * 1024


def bounded(text, limit=MAX_QUOTED):
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return '%s... (%d more characters not shown)' % (text[:limit], len(text) - limit)


def server_message(body, scrub=None):
    """The human message a dashboard error body carries, whatever its shape, or None; at most MAX_QUOTED characters.

    ``scrub`` masks the secrets in it before it is cut: a secret cut in two is no longer found whole.

    The platform and its hosted fabric controller use several error shapes
    (``{"message"}``, ``{"error": {"code", "message"}}``, ``{"error": "Not Found", "path"}``).
    """
    message = None
    if isinstance(body, dict):
        for key in ('message', 'description'):
            value = body.get(key)
            if isinstance(value, str) and value:
                message = value
                break
        else:
            error = body.get('error')
            if isinstance(error, dict):
                message = error.get('message') or error.get('code')
            elif isinstance(error, str) and error:
                message = error
    elif isinstance(body, str) and body.strip():
        message = body.strip()
    if not message:
        return None
    return bounded(scrub(str(message)) if scrub else str(message))


def answer_error(base_url, response, method, path, scrub, doing=None):
    """The ApiError of an answer the caller did not accept; ``scrub`` masks the session's secrets."""
    reason = server_message(response.json if response.is_json else response.text, scrub) or 'no message'
    doing = doing or '%s %s' % (method, path)
    message = 'The dashboard %s answered HTTP %d while %s: %s' % (base_url, response.status, doing, reason)
    body = response.body
    if len(response.text or '') > MAX_ERROR_BODY:
        message += ' (its answer, %d characters, is not returned whole)' % len(response.text)
        body = None
    return ApiError(scrub(message), status=response.status, body=body, method=method, path=path)
