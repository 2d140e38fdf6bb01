"""Operation handlers, named by the operationId of the OpenAPI documents."""

from connexion.context import scope as _scope

from dashboard_emulator.gateway import CLAIMS_KEY, STATE_KEY


def current_state():
    return _scope[STATE_KEY]


def current_claims():
    """Claims of the token the gateway accepted for this request."""
    return _scope[CLAIMS_KEY]


def current_scope():
    return _scope
