"""Reading a large archive without the cyclic garbage collector's pauses."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """Python's cycle collector kept off while an archive is read: a 20-year archive
    makes some million objects, none of them in a cycle, and the collector would walk
    them all again and again (a third of the reading).

    Turned back on, it would walk them all once more at the next allocation (they are
    all still "young"); moving them straight to the oldest generation (freeze, then
    unfreeze) spares that, and they stay collectable there. Skipped if the process
    froze objects of its own, which unfreezing would let go.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()
