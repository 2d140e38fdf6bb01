"""Where the OpenAPI documents are read from.

docs/api/ of the collection is the source of truth. An editable install runs from the
checkout, so the documents are found there; a built install carries copies in
dashboard_emulator/api/ (see setup.py). DASHBOARD_EMULATOR_API_DIR overrides both, for
someone who edits a document and wants to serve it without reinstalling.
"""

import os
import pathlib

PLATFORM_DOCUMENT = "platform.yaml"
FABRIC_DOCUMENT = "fabric-controller.yaml"
ENV_VAR = "DASHBOARD_EMULATOR_API_DIR"

_PACKAGE_DIR = pathlib.Path(__file__).resolve().parent


def _candidates():
    override = os.environ.get(ENV_VAR)
    if override:
        yield pathlib.Path(override)
    # tests/emulator/dashboard_emulator -> collection root
    yield _PACKAGE_DIR.parent.parent.parent / "docs" / "api"
    yield _PACKAGE_DIR / "api"


def api_dir():
    """Return the directory holding both OpenAPI documents."""
    tried = []
    for candidate in _candidates():
        if (candidate / PLATFORM_DOCUMENT).is_file() and (candidate / FABRIC_DOCUMENT).is_file():
            return candidate
        tried.append(str(candidate))
    raise FileNotFoundError("OpenAPI documents not found; looked in: " + ", ".join(tried))
