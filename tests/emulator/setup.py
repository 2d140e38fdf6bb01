"""Build hook: ship the OpenAPI documents of docs/api inside the package.

docs/api/ at the collection root holds the canonical documents. A plain (non-editable)
install copies them into dashboard_emulator/api/ of the build, so the installed emulator
serves exactly the documents of the checkout it was built from. An editable install
finds them in the checkout directly (see dashboard_emulator.apidocs).
"""
import pathlib
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
CANONICAL_API_DIR = HERE.parent.parent / "docs" / "api"


class BuildPyWithApiDocs(build_py):
    def run(self):
        super().run()
        if not CANONICAL_API_DIR.is_dir():
            return
        target = pathlib.Path(self.build_lib) / "dashboard_emulator" / "api"
        target.mkdir(parents=True, exist_ok=True)
        for document in CANONICAL_API_DIR.glob("*.yaml"):
            shutil.copyfile(document, target / document.name)


setup(cmdclass={"build_py": BuildPyWithApiDocs})
