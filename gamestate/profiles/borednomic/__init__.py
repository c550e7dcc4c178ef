"""BoredNomic (seed ``000_9da9b2a702a7fe70.txt``) as a rule profile: ``PROFILE``.

Pure: an :class:`~gamestate.profiles.core.Archive` and ``now`` in, a
:class:`~gamestate.profiles.core.Report` out. The readings chosen where the seed
allows two are listed in :mod:`.profile` and :mod:`.game`.
"""

from __future__ import annotations

from gamestate.profiles.borednomic.profile import BoredNomic

__all__ = ["PROFILE", "BoredNomic"]

PROFILE = BoredNomic()
"""The one BoredNomic profile the registry hands out."""
