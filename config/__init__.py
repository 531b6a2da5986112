"""Project package. Loads the Celery app so ``@shared_task`` binds to it; without Celery
installed the rest of the project still works (only the celery simulation backend needs it)."""

try:
    from config.celery import app as celery_app
except ImportError:  # pragma: no cover - celery is a pinned requirement
    celery_app = None

__all__ = ["celery_app"]
