"""HTTPS emulator of the dashboard platform and of a slice of its fabric controller."""

import warnings

__version__ = "1.0.0"

# connexion imports starlette's test client at import time, which warns about httpx on
# every start; the emulator never uses that client.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
