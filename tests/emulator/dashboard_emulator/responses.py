"""Response bodies shared by the gateway, the controls and the handlers.

Each service of the platform has its own error shape; the collection has to cope with all
of them, so the emulator keeps them apart instead of unifying them.
"""

import json
import time

from starlette.responses import Response

JSON = "application/json"


def dumps(body):
    return json.dumps(body, separators=(",", ":")).encode("utf-8")


def json_response(status, body, headers=None):
    return Response(dumps(body), status_code=status, media_type=JSON, headers=headers)


def encoded_json_response(status, encoded, headers=None):
    """A JSON answer whose body is already encoded (as dumps encodes)."""
    return Response(encoded, status_code=status, media_type=JSON, headers=headers)


def empty_response(status=200, headers=None):
    return Response(b"", status_code=status, headers=headers)


def message_body(message):
    """Platform auth endpoints: {"message": ...}."""
    return {"message": message}


def gateway_body(code, message, description):
    """Platform gateway: {"message", "code", "description"}."""
    return {"message": message, "code": code, "description": description}


def controller_error_body(code, message):
    """Fabric controller validation, permission and conflict errors."""
    return {"code": code, "description": "", "errors": None, "message": message}


def not_found_body(path):
    """Fabric controller 404, in the shape of its Java framework."""
    return {"timestamp": int(time.time() * 1000), "status": 404, "error": "Not Found", "path": path}


async def send_raw(send, status, body_bytes, headers=(), content_type=JSON):
    """Answer from an ASGI middleware without building a framework response."""
    raw_headers = [(b"content-type", content_type.encode()), (b"content-length", str(len(body_bytes)).encode())]
    raw_headers.extend((name.encode("latin-1"), value.encode("latin-1")) for name, value in headers)
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body_bytes})


def replaying(body, after):
    """An ASGI ``receive`` that gives ``body`` whole, once, and then whatever ``after`` gives."""
    delivered = False

    async def receive():
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await after()

    return receive


class BodyTooLarge(ValueError):
    pass


async def read_body(receive, limit=1024 * 1024):
    """The whole body of a request from an ASGI ``receive``; BodyTooLarge past ``limit`` bytes."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge("request body too large")
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def text_response(status, text, headers=None):
    """The fabric controller answers most errors, and a few successes, as one line of text."""
    return Response(text.encode("utf-8"), status_code=status, media_type="text/plain", headers=headers)
