"""`python -m scenes` starts finis."""
import sys

from scenes.main import main

sys.exit(main())
