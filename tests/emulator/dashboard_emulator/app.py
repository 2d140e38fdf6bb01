"""ASGI wiring: connexion serves both OpenAPI documents, the gateway sits in front.

connexion is spec-first: routes, parameter parsing and request validation all come from
docs/api/*.yaml, so the documents cannot drift from what the emulator does, and it ships
Swagger UI as a package (swagger_ui_bundle), which keeps the interactive documentation
working with no network.
"""

import copy
import functools
import keyword
import pathlib

import yaml
from connexion import AsyncApp
from connexion.exceptions import BadRequestProblem, ProblemException
from connexion.lifecycle import ConnexionResponse
from connexion.middleware.context import ContextMiddleware
from connexion.middleware.exceptions import ExceptionMiddleware
from connexion.middleware.lifespan import LifespanMiddleware
from connexion.middleware.request_validation import RequestValidationMiddleware
from connexion.middleware.routing import RoutingMiddleware
from connexion.middleware.server_error import ServerErrorMiddleware
from connexion.middleware.swagger_ui import SwaggerUIAPI, SwaggerUIMiddleware
from connexion.options import SwaggerUIOptions
from connexion.json_schema import resolve_refs
from connexion.utils import get_function_from_name
from connexion.validators import VALIDATOR_MAP, JSONRequestBodyValidator
from connexion.datastructures import MediaTypeDict
from starlette.exceptions import HTTPException

from dashboard_emulator import apidocs
from dashboard_emulator.gateway import DOCS_PREFIX, Gateway, RouteTemplates, template_pattern
from dashboard_emulator.handlers.fabric import GATEWAY_PREFIX
from dashboard_emulator.release import DEFAULT_RELEASE, release_of
from dashboard_emulator.responses import JSON, dumps, gateway_body, message_body, not_found_body

FABRIC_BASE_PATH = "/appcenter/cisco/ndfc/api"
MANAGE_PREFIX = "/api/v1/manage/"
PLATFORM_DOC_URL = "/openapi.json"
FABRIC_DOC_URL = FABRIC_BASE_PATH + "/openapi.json"
HTTP_METHODS = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))


class _DocumentAPI(SwaggerUIAPI):
    """Serves a document whose server URL is never empty.

    connexion writes the base path into the served document's servers; for the platform API,
    mounted at the root, that is '', and Swagger UI then shows an empty Servers list.
    """

    def _spec_for_prefix(self, request):
        spec = dict(super()._spec_for_prefix(request))
        spec["servers"] = [dict(server, url=server.get("url") or "/") for server in spec.get("servers", [])]
        return spec


class DocumentMiddleware(SwaggerUIMiddleware):
    def add_api(self, specification, base_path=None, arguments=None, **kwargs):
        api = _DocumentAPI(specification, base_path=base_path, arguments=arguments, default=self.default_fn, **kwargs)
        self.router.mount(api.base_path, app=api.router)


# connexion's SecurityMiddleware is left out: the gateway authenticates every path, as the
# platform does, before routing. Response validation is left out too: schemathesis checks
# the responses against the documents in the tests, at no cost to the hot path.
MIDDLEWARES = [
    ServerErrorMiddleware,
    ExceptionMiddleware,
    DocumentMiddleware,
    RoutingMiddleware,
    RequestValidationMiddleware,
    LifespanMiddleware,
    ContextMiddleware,
]


_NO_BODY = object()


class OptionalJSONBodyValidator(JSONRequestBodyValidator):
    """An empty body is fine where the document says the body is optional.

    Existing clients send an empty chunked body with Content-Type: application/json on
    actions such as config-save; connexion would refuse it as "must not be empty". A body
    that is there (JSON null included) is still validated.
    """

    def __init__(self, *, required=False, **kwargs):
        super().__init__(required=required, **kwargs)
        self._optional = not required

    async def _parse(self, stream, scope):
        chunks = [chunk async for chunk in stream]
        if self._optional and not b"".join(chunks).strip():
            return _NO_BODY

        async def replay():
            for chunk in chunks:
                yield chunk
        return await super()._parse(replay(), scope)

    def _validate(self, body):
        if body is _NO_BODY:
            return None
        return super()._validate(body)


VALIDATORS = dict(VALIDATOR_MAP, body=MediaTypeDict(dict(VALIDATOR_MAP["body"], **{"*/*json": OptionalJSONBodyValidator})))


# Marks a path item that is served only when the emulator starts with that part of the API (state.FEATURES).
FEATURE_KEY = "x-emulator-feature"


def load_document(api_dir, document, absent_features=(), release=DEFAULT_RELEASE):
    """An OpenAPI document as served: without the path items of the features the emulator was started without,
    nor those its platform release does not serve (see release.Release.serves).

    A controller release that lacks such a part answers its paths as unknown (the Spring 404 for
    every method), which is what connexion answers for a path the document leaves out.
    """
    with open(pathlib.Path(api_dir) / document, encoding="utf-8") as handle:
        spec = yaml.safe_load(handle)
    spec["paths"] = {path: release.shaped(item) for path, item in spec["paths"].items()
                     if item.get(FEATURE_KEY) not in absent_features and release.serves(item)}
    return spec


class _Routes:
    """Path templates and their methods, for the Allow header of a 405, and the reads connexion need not see."""

    def __init__(self, documents):
        self.methods = {}
        self.reads = DirectReads()
        for document, base in documents:
            spec = resolve_refs(copy.deepcopy(document))  # as connexion reads it: every $ref followed
            for path, item in spec["paths"].items():
                self.methods[base + path] = sorted(method.upper() for method in item if method in HTTP_METHODS)
                self.reads.add(base + path, item)
        self.templates = RouteTemplates(self.methods)

    def allow(self, path):
        return ", ".join(self.methods.get(self.templates.template_for(path), []))


# What a path parameter's schema may say and still need no validation: a string is a string.
_PLAIN_STRING_KEYS = frozenset(("type", "example", "description"))
# Optional query parameters of these types are passed only when the request has them.
_SCALAR_TYPES = frozenset(("string", "integer", "number", "boolean"))


class DirectReads:
    """The GET operations a request can reach with nothing for connexion to parse or validate.

    An authenticated GET is what every benchmark and most playbooks send, and connexion's
    middleware stack (routing, validation, parameter binding) cost about 0.8 ms of each such
    answer. A GET without a query string, to an operation without a request body whose only
    parameters are path parameters typed as plain strings, or optional scalar query parameters
    without a default, carries nothing for that stack to check: the gateway calls its handler
    directly, with the path parameters, as connexion would. The route is chosen as connexion's
    router chooses it: the first path of the document, in the document's order, that matches
    and has a GET. tests/emulator/tests/test_direct_reads.py checks, path by path, that both
    ways give the same answer.
    """

    def __init__(self):
        self._routes = []   # (template, pattern, has a GET, handler or None), in the documents' order
        self._find = functools.lru_cache(maxsize=4096)(self._find_uncached)

    def add(self, template, item):
        operation = item.get("get")
        handler = None
        parameters = item.get("parameters", []) + (operation or {}).get("parameters", [])
        if operation is not None and "requestBody" not in operation and self._plain(parameters):
            handler = get_function_from_name(operation["operationId"])
        self._routes.append((template, template_pattern(template), operation is not None, handler))

    def templates(self):
        """The documented paths whose GET the gateway may answer directly."""
        return [template for template, _pattern, _has_get, handler in self._routes if handler is not None]

    @staticmethod
    def _plain(parameters):
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if parameter["in"] == "path":
                if schema.get("type") != "string" or set(schema) - _PLAIN_STRING_KEYS:
                    return False
                if not parameter["name"].isidentifier() or keyword.iskeyword(parameter["name"]):
                    return False
            elif (parameter["in"] != "query" or parameter.get("required") or "default" in schema
                  or schema.get("type") not in _SCALAR_TYPES):
                return False
        return True

    def handler_for(self, path):
        """A coroutine function answering GET ``path`` directly, or None for connexion's way."""
        found = self._find(path)
        if found is None:
            return None
        handler, arguments = found
        return functools.partial(handler, **arguments)

    def _find_uncached(self, path):
        for _template, pattern, has_get, handler in self._routes:
            match = pattern.match(path) if has_get else None
            if match is not None:
                return (handler, match.groupdict()) if handler is not None else None
        return None


def _answer(status, body, headers):
    return ConnexionResponse(status_code=status, mimetype=JSON, body=dumps(body), headers=headers)


def _problem_handler(routes):
    async def handler(request, exc):
        return _problem_answer(routes, request, exc)
    return handler


async def _undecodable_body(request, _exc):
    return _problem_answer(None, request, BadRequestProblem(detail="The request body is not valid UTF-8"))


def _problem_answer(routes, request, exc):
    """Answer validation and routing errors in the shape of the service that owns the path."""
    status = getattr(exc, "status", None) or getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", None) or getattr(exc, "title", None) or "Bad request"
    path = request.url.path
    headers = dict(getattr(exc, "headers", None) or {})
    if status == 405 and routes is not None:
        headers["Allow"] = routes.allow(path)
    if path.startswith(FABRIC_BASE_PATH + "/"):
        if status == 404:
            service_path = path[len(GATEWAY_PREFIX):] if path.startswith(GATEWAY_PREFIX) else path
            return _answer(404, not_found_body(service_path), headers)
        # the controller's validation errors are one line of text
        return ConnexionResponse(status_code=status, mimetype="text/plain", body=str(detail).encode("utf-8"), headers=headers)
    if path.startswith(MANAGE_PREFIX) and status not in (404, 405):
        # the unified API's refusal envelope (docs/api/platform.yaml, ManageError)
        return _answer(status, {"code": status, "message": str(detail)}, headers)
    if status in (404, 405):
        reason = "Not Found" if status == 404 else "Method Not Allowed"
        return _answer(status, gateway_body(status, reason, "No operation %s %s" % (request.method, path)), headers)
    return _answer(status, message_body(str(detail)), headers)


def platform_spec_urls():
    return [
        {"name": "Platform API", "url": PLATFORM_DOC_URL},
        {"name": "Fabric Controller API", "url": FABRIC_DOC_URL},
    ]


def build_app(state, api_dir=None, direct_reads=True):
    api_dir = pathlib.Path(api_dir or apidocs.api_dir())
    app = AsyncApp(__name__, specification_dir=str(api_dir), middlewares=list(MIDDLEWARES))
    docs_options = SwaggerUIOptions(
        swagger_ui_path=DOCS_PREFIX,
        swagger_ui_template_arguments={"urls": platform_spec_urls()},
        swagger_ui_config={"urls.primaryName": "Platform API", "tryItOutEnabled": True, "displayRequestDuration": True},
    )
    release = release_of(state)
    platform = load_document(api_dir, apidocs.PLATFORM_DOCUMENT, release=release)
    app.add_api(copy.deepcopy(platform), base_path="", swagger_ui_options=docs_options, strict_validation=False)
    documents = [(platform, "")]
    if release.legacy_paths:
        # The fabric controller's API under /appcenter is the legacy API of a 4.2 platform: started
        # without it, every path there is an unknown one.
        fabric = load_document(api_dir, apidocs.FABRIC_DOCUMENT, state.absent_features, release)
        app.add_api(
            copy.deepcopy(fabric),
            base_path=FABRIC_BASE_PATH,
            swagger_ui_options=SwaggerUIOptions(swagger_ui=False),
            strict_validation=False,
            validator_map=VALIDATORS,
        )
        documents.append((fabric, FABRIC_BASE_PATH))
    legacy_view = None
    if not release.legacy_paths:
        # For test harnesses only, under the loopback-only controls: the legacy API's reads of the same state, so that a
        # test of a 4.2 platform serving no legacy path can look at what a run did as the legacy tests do (controls.py).
        legacy_view = AsyncApp(__name__, specification_dir=str(api_dir), middlewares=list(MIDDLEWARES))
        legacy_view.add_api(copy.deepcopy(load_document(api_dir, apidocs.FABRIC_DOCUMENT, state.absent_features, release)),
                            base_path=FABRIC_BASE_PATH, swagger_ui_options=SwaggerUIOptions(swagger_ui=False),
                            strict_validation=False, validator_map=VALIDATORS)
    routes = _Routes(documents)
    app.add_error_handler(ProblemException, _problem_handler(routes))
    app.add_error_handler(HTTPException, _problem_handler(routes))
    # connexion decodes a JSON body before validating it; bytes that are not UTF-8 are
    # the client's fault, not a server error
    app.add_error_handler(UnicodeDecodeError, _undecodable_body)
    return Gateway(app, state, list(routes.methods), routes.reads if direct_reads else None, legacy_view=legacy_view)
