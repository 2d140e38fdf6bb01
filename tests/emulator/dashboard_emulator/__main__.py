"""Entry point for ``python -m dashboard_emulator``."""

import sys

from dashboard_emulator.cli import main

sys.exit(main())
