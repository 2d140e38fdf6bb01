"""The offline documentation page."""

import json
import pathlib
import re

import yaml

from dashboard_emulator import apidocs, docs_build


def test_static_page_embeds_both_documents_and_swagger_ui(tmp_path):
    page_path = docs_build.build(tmp_path)
    page = page_path.read_text(encoding="utf-8")
    assert '<option value="platform">Platform API</option>' in page
    assert '<option value="fabric-controller">Fabric Controller API</option>' in page
    assert "SwaggerUIBundle" in page
    documents = json.loads(re.search(r"const API_DOCUMENTS = (.*);\n", page).group(1).replace("<\\/", "</"))
    assert "/login" in documents["platform"]["paths"]
    assert "/v1/lan-fabric/rest/control/fabrics" in documents["fabric-controller"]["paths"]
    # nothing is loaded from elsewhere: no external script or style sheet
    assert not re.search(r"<script[^>]+src=", page)
    assert not re.search(r"<link[^>]+href=", page)
    assert "validatorUrl: null" in page


def test_every_controller_operation_declares_its_text_500():
    # The controller answers validation and internal failures
    # with one line of text and status 500, on almost every operation; a client generated from
    # the document must expect it. Only the discovery probes (version, features) have none recorded.
    document = yaml.safe_load((pathlib.Path(apidocs.api_dir()) / apidocs.FABRIC_DOCUMENT).read_text(encoding="utf-8"))
    text_500 = document["components"]["responses"]["TextError"]["content"]
    assert list(text_500) == ["text/plain"]
    missing = []
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in ("get", "put", "post", "delete") and "about/version" not in path and not path.endswith("/features"):
                if "500" not in operation["responses"]:
                    missing.append("%s %s" % (method.upper(), path))
    assert missing == []
