"""Operation handlers, named by the operationId of the OpenAPI documents."""

from dashboard_emulator.gateway import CLAIMS_KEY, REQUEST_SCOPE, STATE_KEY


def current_state():
    return REQUEST_SCOPE.get()[STATE_KEY]


def current_claims():
    """Claims of the token the gateway accepted for this request."""
    return REQUEST_SCOPE.get()[CLAIMS_KEY]


def current_scope():
    """The request as the gateway passed it on (the handlers run in the gateway's task, whichever way)."""
    return REQUEST_SCOPE.get()
