"""Shared pytest configuration: the hypothesis profiles.

``ci`` (the default) runs a modest number of examples with no deadline, so that
a slow or busy machine never turns a passing property into a flaky one, and
prints the blob that reproduces a failure.  ``dev`` runs fewer examples for
quick local iterations.  Choose one with the ``HYPOTHESIS_PROFILE`` environment
variable or with hypothesis's own ``--hypothesis-profile`` option::

    HYPOTHESIS_PROFILE=dev python -m pytest
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
