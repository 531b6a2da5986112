"""Django settings for the multi-process simulation tests (test_celery.py, sim_driver.py): the
project's settings, with the toy rules (tests/rules/core/toy.py) as the `boundless` engine in
every process that loads them -- the driver, Celery workers and local pool processes alike
(they inherit ``DJANGO_SETTINGS_MODULE``). The chunk machinery is what those tests prove; the
toy keeps them independent of the real engine's pace and of work in progress on it."""

from config.settings import *  # noqa: F403
from rules.core import registry
from tests.rules.core.toy import BOUNDLESS_TOY

_real_get_engine = registry.get_engine


def _get_engine(slug: str):
    return BOUNDLESS_TOY if slug == "boundless" else _real_get_engine(slug)


registry.get_engine = _get_engine
