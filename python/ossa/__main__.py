"""``python -m ossa`` runs the ``ossa`` command."""

import sys

from ossa.cli.main import main

sys.exit(main())
