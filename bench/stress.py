"""The long stress loops: `python bench/stress.py race [--writers 4 --appends 250]`, `python bench/stress.py kill
[--kills 50 --turns 1000]` (the same code as tests/test_stress.py, which runs them small in CI; see tests/stress.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.stress import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
