"""`python -m tenbou.cli ...` is the `tenbou` command."""
import sys

from . import main

sys.exit(main())
