"""Celery tasks (``SIMULATION_BACKEND=celery``): the same chunk task as the local pool.

Messages are acknowledged late and rejected back to the queue when a worker process is lost
(settings ``CELERY_TASK_ACKS_LATE``, ``CELERY_TASK_REJECT_ON_WORKER_LOST``); a chunk that is
delivered twice is stored once (``simulate.runner.run_chunk``).
"""

from __future__ import annotations

from celery import shared_task

from simulate import runner


@shared_task(name="simulate.run_chunk", bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_chunk_task(self, run_id: int, index: int) -> str:
    return runner.run_chunk(run_id, index, worker=f"celery:{self.request.hostname or ''}")


@shared_task(name="simulate.requeue_stale_chunks", ignore_result=True)
def requeue_stale_chunks() -> dict:
    """Re-enqueue chunks of active Celery runs whose worker died (run by celery beat)."""
    return {str(k): v for k, v in runner.resume(backend="celery").items()}
