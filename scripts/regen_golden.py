"""Write every game's golden playthrough and encoding files again (tests/golden/), after a
deliberate change.

    .venv/bin/python scripts/regen_golden.py

Then read the diff: every changed line is a change in what a seeded session does or
tells a seat.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden.encodings import ENCODINGS
from tests.golden.playthrough import FOLDER, GOLDEN, write_all

if __name__ == "__main__":
    write_all()
    for name, make in ENCODINGS.items():
        (FOLDER / name).write_text(make(), encoding="utf-8")
    for name in [*GOLDEN, *ENCODINGS]:
        path = FOLDER / name
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
