"""`python -m tenbou ...` is the `tenbou` command."""
import sys

from .cli import main

sys.exit(main())
