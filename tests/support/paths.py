"""Where the repository and the test material are, for tests at any depth.

Every file a test reads lives under `tests/data/` (its README names each file's source and
licence) or is made by the test: a user's clone has nothing beside it.
"""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
TEST_DATA = REPO_ROOT / "tests" / "data"
