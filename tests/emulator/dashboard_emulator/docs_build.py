"""Write the offline API documentation: one self-contained HTML page.

    python -m dashboard_emulator.docs_build [OUTDIR]     (default: docs/api/html)

The page embeds both OpenAPI documents and Swagger UI's script and style sheet from the
swagger_ui_bundle package, so it opens from disk with no network and no server. A selector
switches between the platform API and the fabric controller API, as in the platform's
Help > Help Center > REST API. Try-it-out needs a running emulator: use the interactive
page it serves at /help/rest-api/ instead.
"""

import argparse
import html
import json
import pathlib
import sys

import yaml
from swagger_ui_bundle import swagger_ui_path

from dashboard_emulator import apidocs

DOCUMENTS = (
    ("platform", "Platform API", apidocs.PLATFORM_DOCUMENT),
    ("fabric-controller", "Fabric Controller API", apidocs.FABRIC_DOCUMENT),
)

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>Dashboard platform REST API (offline)</title>
<style>
{swagger_css}
</style>
<style>
body {{ margin: 0; background: #fafafa; font-family: sans-serif; }}
.api-selector {{ background: #1b1b1b; color: #fff; padding: 10px 20px; display: flex; gap: 12px; align-items: center; }}
.api-selector select {{ font-size: 15px; padding: 4px; }}
</style>
</head>
<body>
<div class="api-selector">
  <label for="api-select">Select a definition</label>
  <select id="api-select">
{options}
  </select>
</div>
<div id="swagger-ui"></div>
<script>
{swagger_js}
</script>
<script>
const API_DOCUMENTS = {documents};
function showDocument(key) {{
  window.ui = SwaggerUIBundle({{
    spec: API_DOCUMENTS[key],
    dom_id: "#swagger-ui",
    deepLinking: false,
    validatorUrl: null,
    supportedSubmitMethods: [],
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  }});
}}
const selector = document.getElementById("api-select");
selector.addEventListener("change", function () {{ showDocument(selector.value); }});
showDocument(selector.value);
</script>
</body>
</html>
"""


def _inline_json(value):
    # "</" inside a script element would end it early
    return json.dumps(value, indent=None, sort_keys=False).replace("</", "<\\/")


def build(outdir, api_dir=None):
    """Write OUTDIR/index.html; return its path."""
    api_dir = pathlib.Path(api_dir or apidocs.api_dir())
    assets = pathlib.Path(swagger_ui_path)
    documents = {}
    options = []
    for key, label, filename in DOCUMENTS:
        with open(api_dir / filename, encoding="utf-8") as handle:
            documents[key] = yaml.safe_load(handle)
        options.append('    <option value="%s">%s</option>' % (html.escape(key), html.escape(label)))
    page = PAGE.format(
        swagger_css=(assets / "swagger-ui.css").read_text(encoding="utf-8"),
        swagger_js=(assets / "swagger-ui-bundle.js").read_text(encoding="utf-8"),
        documents=_inline_json(documents),
        options="\n".join(options),
    )
    outdir = pathlib.Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    target = outdir / "index.html"
    target.write_text(page, encoding="utf-8")
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m dashboard_emulator.docs_build", description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("outdir", nargs="?", default=None, help="output directory (default: docs/api/html next to the documents)")
    args = parser.parse_args(argv)
    outdir = args.outdir or (apidocs.api_dir() / "html")
    print(build(outdir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
