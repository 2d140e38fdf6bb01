"""The offline documentation page."""

import json
import re

from dashboard_emulator import docs_build


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
