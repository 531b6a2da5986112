"""Large admin imports run as a background job with progress (issue 15 part 10;
cardpool/import_jobs.py): a file of more rows than CARD_IMPORT_BACKGROUND_ROWS becomes a
CardImportJob imported in a thread after the upload commits, all or nothing, with the same
summary and the same errors (line and field) as the import in the request; its page polls a
status JSON; a job whose process is gone is shown as interrupted; only staff who may import
see jobs. Smaller files are imported in the request as before."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.utils import timezone

from cardpool import import_jobs, services
from cardpool.importer import import_cards_text
from cardpool.models import Card, CardImportJob, CardSet
from cardpool.services import ImportFailed, game_sync_all

IMPORT_URL = "/admin/cardpool/card/import/"
JOBS_URL = "/admin/cardpool/cardimportjob/"
HEADER = "set,set_name,set_kind,set_order,number,name,card_type,rarity,text,pwr,level,tribe\n"


def big_csv(rows: int = 25, bad: dict[int, str] | None = None, code: str = "BG1") -> str:
    """``rows`` Boundless cards of a new set ``code``; ``bad`` gives some rows (1-based) a pwr cell."""
    bad = bad or {}
    lines = [HEADER]
    for n in range(1, rows + 1):
        declared = f"{code},Background Set,core,90" if n == 1 else f"{code},,,"
        lines.append(f"{declared},{n:03},Background Golem {n},form,C,Guard.,{bad.get(n, n % 7)},1,Golem\n")
    return "".join(lines)


def upload(client, text: str, name: str = "big.csv", **extra):
    return client.post(IMPORT_URL, {"game": "boundless", "file": SimpleUploadedFile(name, text.encode()), **extra})


@pytest.fixture
def threshold(settings):
    settings.CARD_IMPORT_BACKGROUND_ROWS = 3
    return 3


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("admin", "admin@example.com", "pw"))
    return client


@pytest.fixture
def games(empty_card_pool):
    return game_sync_all()


@pytest.fixture
def run_on_submit(monkeypatch):
    """The import thread, run at once in the test's thread and transaction (a real thread could
    not see the uncommitted test data): what ``job_start`` submits is what runs."""
    class Inline:
        def submit(self, fn, job_id):
            assert fn is import_jobs._run_in_thread
            try:
                import_jobs.job_run(job_id)  # _run_in_thread without closing the test's connection
            finally:
                import_jobs._mine.discard(job_id)

    monkeypatch.setattr(import_jobs, "_executor", Inline())


def start_job(client, text, django_capture_on_commit_callbacks, execute=True, **extra) -> CardImportJob:
    with django_capture_on_commit_callbacks(execute=execute) as callbacks:
        response = upload(client, text, **extra)
    assert response.status_code == 302, response.content[:500]
    job = CardImportJob.objects.order_by("-pk").first()
    assert response["Location"] == f"{JOBS_URL}{job.pk}/change/"
    # started once the upload is committed (the import's own callbacks follow when it runs at once)
    assert [c.__qualname__.startswith("job_create") for c in callbacks][:2] in ([True], [True, False])
    return job


# -- which path ---------------------------------------------------------------------------------

def test_count_rows_counts_records_not_lines():
    multi = HEADER + 'BG1,,,,001,A,form,C,"two\nlines",1,1,G\nBG1,,,,002,B,form,C,x,1,1,G\n\n'
    assert import_jobs.count_rows(multi, "csv") == 2
    assert import_jobs.count_rows('{"cards": [{}, {}, {}]}', "json") == 3
    assert import_jobs.count_rows("[{}, {}]", "json") == 2
    assert import_jobs.count_rows("{not json", "json") == 0
    assert import_jobs.count_rows('a,"b\n', "csv") >= 0


def test_below_the_threshold_the_import_runs_in_the_request(admin_client, games, threshold):
    response = upload(admin_client, big_csv(rows=3))
    assert response.status_code == 200 and b"3 created" in response.content
    assert not CardImportJob.objects.exists()
    assert Card.objects.filter(card_set__code="BG1").count() == 3


def test_the_default_threshold_is_a_few_thousand_rows(admin_client, games):
    assert upload(admin_client, big_csv(rows=25)).status_code == 200
    assert not CardImportJob.objects.exists()


# -- a job from start to end ------------------------------------------------------------------

def test_a_big_file_becomes_a_job_that_finishes_with_the_summary(admin_client, games, threshold, run_on_submit,
                                                               django_capture_on_commit_callbacks):
    job = start_job(admin_client, big_csv(rows=25), django_capture_on_commit_callbacks, execute=False)
    assert job.status == "queued" and job.rows_total == 25 and job.file_name == "big.csv"
    assert job.user.username == "admin" and job.text.startswith(HEADER) and not job.dry_run
    assert Card.objects.filter(card_set__code="BG1").count() == 0  # nothing during the request
    import_jobs._mine.add(job.pk)  # queued in this process's import thread, as job_start does
    page = admin_client.get(f"{JOBS_URL}{job.pk}/change/")
    assert page.status_code == 200 and b"js/card_import_job.js" in page.content and b'data-active="1"' in page.content
    assert b"<script>" not in page.content  # CSP: no inline script
    state = admin_client.get(f"{JOBS_URL}{job.pk}/status/").json()
    assert state["status"] == "queued" and state["active"] and state["rows_total"] == 25

    import_jobs.job_start(job.pk)  # what the captured on_commit callback does
    job.refresh_from_db()
    assert job.status == "done" and job.finished and job.text == ""
    assert (job.summary["created"], job.summary["updated"], job.summary["sets_created"]) == (25, 0, 1)
    assert job.summary["text"] == "25 created, 0 updated, 0 unchanged, 1 new set(s)"
    assert (job.rows_done, job.rows_total, job.percent) == (25, 25, 100)
    assert Card.objects.filter(card_set__code="BG1").count() == 25
    state = admin_client.get(f"{JOBS_URL}{job.pk}/status/").json()
    assert state["status"] == "done" and not state["active"] and state["percent"] == 100
    page = admin_client.get(f"{JOBS_URL}{job.pk}/change/").content.decode()
    assert "25 created, 0 updated" in page and 'data-active="0"' in page

    # the same file again updates nothing, and says so
    again = start_job(admin_client, big_csv(rows=25), django_capture_on_commit_callbacks)
    again = CardImportJob.objects.get(pk=again.pk)
    assert again.status == "done" and again.summary["unchanged"] == 25


def test_the_captured_callback_hands_the_job_to_the_import_thread(admin_client, games, threshold, run_on_submit,
                                                                 django_capture_on_commit_callbacks):
    job = start_job(admin_client, big_csv(rows=8), django_capture_on_commit_callbacks)
    job.refresh_from_db()
    assert job.status == "done" and job.summary["created"] == 8


def test_progress_moves_batch_by_batch(admin_client, games, threshold, run_on_submit, monkeypatch,
                                       django_capture_on_commit_callbacks):
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 5)
    monkeypatch.setattr(import_jobs, "PROGRESS_EVERY", 0)
    seen = []
    real = import_jobs._Progress.publish

    def publish(self, done, total):
        real(self, done, total)
        job = CardImportJob.objects.defer("text").get(pk=self.job_id)
        seen.append((done, total, job.status))
        if self.on_file:  # SQLite: what a poll of another process would read now
            assert import_jobs.job_progress(job) == (done, total)

    monkeypatch.setattr(import_jobs._Progress, "publish", publish)
    job = start_job(admin_client, big_csv(rows=23), django_capture_on_commit_callbacks)
    assert seen == [(5, 23, "running"), (10, 23, "running"), (15, 23, "running"), (20, 23, "running"),
                    (23, 23, "running")]
    job.refresh_from_db()
    assert job.status == "done" and job.rows_done == 23
    assert not import_jobs.progress_file(job.pk).exists()  # removed at the end


def test_progress_is_throttled_but_the_last_is_always_published(admin_client, games, threshold, run_on_submit,
                                                               monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 5)
    monkeypatch.setattr(import_jobs, "PROGRESS_EVERY", 3600)
    seen = []
    monkeypatch.setattr(import_jobs._Progress, "publish", lambda self, done, total: seen.append((done, total)))
    start_job(admin_client, big_csv(rows=23), django_capture_on_commit_callbacks)
    assert seen == [(5, 23), (23, 23)]


@pytest.mark.parametrize("boot_seconds", [0.0, 5.0, 1e6])
def test_the_first_progress_is_published_whatever_the_clock_origin(monkeypatch, boot_seconds):
    """``time.monotonic()`` counts from an arbitrary origin (boot, on Linux): on a machine booted
    seconds ago the first progress must still be published, not taken for a repeat."""
    monkeypatch.setattr(import_jobs, "PROGRESS_EVERY", 3600)
    monkeypatch.setattr(import_jobs.time, "monotonic", lambda: boot_seconds)
    seen = []
    monkeypatch.setattr(import_jobs._Progress, "publish", lambda self, done, total: seen.append((done, total)))
    progress = import_jobs._Progress(job_id=1, worker="w")
    progress(5, 23)
    progress(10, 23)  # within PROGRESS_EVERY of the first: throttled
    progress(23, 23)  # the last: always
    assert seen == [(5, 23), (23, 23)]


def test_errors_are_listed_with_line_and_field_and_nothing_is_imported(admin_client, games, threshold, run_on_submit,
                                                                      django_capture_on_commit_callbacks):
    text = big_csv(rows=25, bad={5: "lots", 12: "many"})
    with pytest.raises(ImportFailed) as in_request:
        import_cards_text(text, game_slug="boundless", fmt="csv")
    job = start_job(admin_client, text, django_capture_on_commit_callbacks)
    job.refresh_from_db()
    assert job.status == "failed" and job.rows_done == 0 and job.text == ""
    assert [(e["line"], e["where"], e["field"]) for e in job.errors] == [(6, "line 6", "pwr"), (13, "line 13", "pwr")]
    assert job.errors == [import_jobs.error_dict(e) for e in in_request.value.errors]  # the same as in the request
    assert "lots" in job.errors[0]["message"]
    assert not CardSet.objects.filter(code="BG1").exists() and not Card.objects.filter(name__startswith="Background")
    page = admin_client.get(f"{JOBS_URL}{job.pk}/change/").content.decode()
    assert "2 errors found; nothing was imported" in page and page.count('class="import-error"') == 2
    assert admin_client.get(f"{JOBS_URL}{job.pk}/status/").json()["errors"] == 2
    assert "failed (2 errors)" in admin_client.get(JOBS_URL).content.decode()


def test_a_failure_while_writing_rolls_back_every_batch(admin_client, games, threshold, run_on_submit, monkeypatch,
                                                       django_capture_on_commit_callbacks):
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 5)
    real = services._write_batch
    batches = []

    def write_batch(spec, game, batch, *args):
        batches.append(batch)
        if len(batches) > 2:  # the third batch
            raise RuntimeError("disk on fire")
        return real(spec, game, batch, *args)

    monkeypatch.setattr(services, "_write_batch", write_batch)
    job = start_job(admin_client, big_csv(rows=25), django_capture_on_commit_callbacks)
    job.refresh_from_db()
    assert job.status == "failed" and "disk on fire" in job.message and "nothing was imported" in job.message
    assert not Card.objects.filter(name__startswith="Background").exists()  # the first two batches too
    assert not CardSet.objects.filter(code="BG1").exists()


def test_a_dry_run_job_writes_nothing(admin_client, games, threshold, run_on_submit,
                                      django_capture_on_commit_callbacks):
    job = start_job(admin_client, big_csv(rows=25), django_capture_on_commit_callbacks, dry_run="on")
    job.refresh_from_db()
    assert job.dry_run and job.status == "done" and job.summary["created"] == 25
    assert not CardSet.objects.filter(code="BG1").exists() and not Card.objects.filter(name__startswith="Background")
    assert "Dry run, nothing written: 25 created" in admin_client.get(f"{JOBS_URL}{job.pk}/change/").content.decode()


# -- who sees jobs ----------------------------------------------------------------------------

@pytest.fixture
def staff(django_user_model):
    def make(name, *perms):
        user = django_user_model.objects.create_user(name, password="pw", is_staff=True)
        user.user_permissions.set(Permission.objects.filter(content_type__app_label="cardpool", codename__in=perms))
        client = Client()
        client.force_login(user)
        return client
    return make


def test_only_staff_who_may_import_see_jobs(admin_client, staff, django_user_model, games, threshold, run_on_submit,
                                           django_capture_on_commit_callbacks):
    job = start_job(admin_client, big_csv(rows=5), django_capture_on_commit_callbacks)
    urls = [JOBS_URL, f"{JOBS_URL}{job.pk}/change/", f"{JOBS_URL}{job.pk}/status/"]
    importer = staff("importer", "add_card", "change_card")
    assert [importer.get(url).status_code for url in urls] == [200, 200, 200]
    assert upload(importer, big_csv(rows=5, code="BG2")).status_code == 302  # may start one too
    for client in (staff("viewer", "view_card", "view_cardimportjob"), staff("adder", "add_card"),
                   staff("nothing")):
        assert [client.get(url).status_code for url in urls] == [403, 403, 403]
        assert client.get(IMPORT_URL).status_code == 403
        assert upload(client, big_csv(rows=5, code="BG3")).status_code == 403
    assert b"Card import jobs" not in staff("reader", "view_card").get("/admin/").content
    assert b"Card import jobs" in importer.get("/admin/").content
    outsider = Client()
    outsider.force_login(django_user_model.objects.create_user("player", password="pw"))
    assert outsider.get(f"{JOBS_URL}{job.pk}/status/").status_code == 302  # to the admin's login
    assert Client().get(f"{JOBS_URL}{job.pk}/status/").status_code == 302
    assert CardImportJob.objects.filter(file_name="big.csv").count() == 2  # the refused uploads made none


def test_jobs_are_read_only(admin_client, games, threshold, run_on_submit, django_capture_on_commit_callbacks):
    job = start_job(admin_client, big_csv(rows=5), django_capture_on_commit_callbacks)
    assert admin_client.get(f"{JOBS_URL}add/").status_code == 403
    assert admin_client.get(f"{JOBS_URL}{job.pk}/delete/").status_code == 403
    assert admin_client.post(f"{JOBS_URL}{job.pk}/change/", {"status": "queued"}).status_code == 200
    job.refresh_from_db()
    assert job.status == "done"


# -- interrupted ------------------------------------------------------------------------------

def dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


@pytest.mark.parametrize("worker, heartbeat_age, interrupted", [
    ("dead", timedelta(0), True),  # a process of this host that is gone
    ("me", timedelta(0), True),  # this process, which no longer runs it (its thread is gone)
    ("other-host.example:12", timedelta(hours=1), True),  # another host, silent too long
    ("other-host.example:12", timedelta(seconds=5), False),  # another host, still beating
])
def test_a_job_whose_process_is_gone_is_shown_as_interrupted(admin_client, games, worker, heartbeat_age, interrupted):
    host = socket.gethostname()
    worker = {"dead": f"{host}:{dead_pid()}", "me": import_jobs.this_worker()}.get(worker, worker)
    job = CardImportJob.objects.create(game="boundless", file_name="big.csv", file_format="csv", text=big_csv(5),
                                       status="running", rows_total=5, worker=worker,
                                       heartbeat=timezone.now() - heartbeat_age)
    state = admin_client.get(f"{JOBS_URL}{job.pk}/status/").json()
    job.refresh_from_db()
    if interrupted:
        assert state["status"] == "failed" and not state["active"] and state["message"].startswith("interrupted")
        assert job.status == "failed" and job.finished and job.text == ""
        assert "failed (interrupted)" in admin_client.get(JOBS_URL).content.decode()
        assert "interrupted" in admin_client.get(f"{JOBS_URL}{job.pk}/change/").content.decode()
    else:
        assert state["status"] == "running" and job.status == "running"


def test_the_job_list_marks_interrupted_jobs(admin_client, games):
    job = CardImportJob.objects.create(game="boundless", file_name="big.csv", file_format="csv",
                                       status="queued", worker=f"{socket.gethostname()}:{dead_pid()}")
    assert "failed (interrupted)" in admin_client.get(JOBS_URL).content.decode()
    job.refresh_from_db()
    assert job.status == "failed"


def test_a_job_taken_by_another_process_is_not_run_twice(games):
    job = CardImportJob.objects.create(game="boundless", file_name="big.csv", file_format="csv", text=big_csv(5),
                                       status="running", worker="elsewhere:1")
    assert import_jobs.job_run(job.pk) is None
    assert not Card.objects.filter(name__startswith="Background").exists()


# -- a real thread, seen from another connection ------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_a_real_background_import_shows_its_progress_while_it_runs(monkeypatch, settings, django_user_model):
    """The thread, its own database connection and the progress it publishes, polled through the
    status view while the import's transaction is still open; then the end, committed."""
    settings.CARD_IMPORT_BACKGROUND_ROWS = 3
    monkeypatch.setattr(services, "IMPORT_WRITE_BATCH", 10)
    monkeypatch.setattr(import_jobs, "PROGRESS_EVERY", 0)
    halfway, go_on = threading.Event(), threading.Event()
    real = import_jobs._Progress.publish

    def publish(self, done, total):
        real(self, done, total)
        if done == 10:
            halfway.set()
            go_on.wait(30)

    monkeypatch.setattr(import_jobs._Progress, "publish", publish)
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("admin", "admin@example.com", "pw"))
    try:
        response = upload(client, big_csv(rows=25, code="BGT"))
        assert response.status_code == 302
        job = CardImportJob.objects.get()
        assert halfway.wait(30), "the import thread never reported progress"
        state = client.get(f"{JOBS_URL}{job.pk}/status/").json()
        assert (state["status"], state["rows_done"], state["rows_total"], state["percent"]) == ("running", 10, 25, 40)
        if connection.vendor != "sqlite":  # (SQLite's test database in memory locks the table being written)
            assert not CardSet.objects.filter(code="BGT").exists()  # not committed yet
    finally:
        go_on.set()
    deadline = time.monotonic() + 30
    while (state := client.get(f"{JOBS_URL}{job.pk}/status/").json())["active"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert state["status"] == "done" and state["rows_done"] == 25 and state["summary"].startswith("25 created")
    assert Card.objects.filter(card_set__code="BGT").count() == 25
    assert job.pk not in import_jobs._mine
