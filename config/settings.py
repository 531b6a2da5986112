"""Settings, read from environment variables with safe local defaults.

DJANGO_SECRET_KEY   secret key (a development key is used when DEBUG is on; required when it is off)
DJANGO_DEBUG        "1"/"0" (default 1: the embedded local setup; `make serve` sets 0)
DJANGO_ALLOWED_HOSTS comma-separated (default localhost names)
DJANGO_BEHIND_TLS_PROXY  "1" behind a proxy that ends HTTPS: HSTS, secure cookies, redirect to
                    HTTPS, trust X-Forwarded-Proto (`manage.py check --deploy` is then clean)
DJANGO_LOG_JSON     "1": one JSON object per log line (request id, user, timing ...)
DJANGO_LOG_REQUESTS "1"/"0": one line per request (default: on when DEBUG is off)
DATABASE_URL        e.g. postgres://user:pass@host/db (default: SQLite file db.sqlite3)
DATABASE_STATEMENT_TIMEOUT  PostgreSQL only: seconds any one statement may run (default 30; 0 = none)
MEDIA_ROOT          where uploads and drawn card images go (default ./media)
CARD_IMPORT_MAX_BYTES  largest card file the admin's import accepts (default 20 MiB)
CARD_IMPORT_BACKGROUND_ROWS  an admin card import of more rows than this runs in a background
                    thread with a progress page (default 2000; smaller files import in the request)
CARD_ART_AHEAD      "1"/"0": draw every card's picture when cards are loaded or imported, before
                    anyone asks (default 1; cardpool/art_ahead.py)
DJANGO_REDIS_URL    e.g. redis://host:6379/1: count API rates and sign-ups there instead of the
                    database's cache table (both are shared by every server process)
DJANGO_WARM_UP      "1"/"0": a server process opens its most visited pages itself before it takes
                    traffic (default: on when DEBUG is off)
DJANGO_VISITOR_PAGE_SECONDS  how long a page read by visitors who are not logged in is kept and
                    shared (config/visitor_cache.py; default 10 with DEBUG off, 0 = never)
"""

import os
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "dev-only-insecure-key-change-me" if DEBUG else None
)
if not SECRET_KEY:
    raise RuntimeError(
        "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off (the production server). Make one with\n"
        "  python3 -c 'import secrets; print(secrets.token_urlsafe(50))'\n"
        "and keep it secret and the same across restarts (sessions are signed with it).")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get(
    "DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's assets served locally, never from a CDN
    "csp",
    "axes",  # failed logins: lockout per address and per account
    "cardpool",
    "decks",
    "simulate",
    "play",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files from this server, compressed
    "config.middleware.RequestLogMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.RefuseControlCharactersMiddleware",
    "config.middleware.BoundJsonNestingMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: answers a locked-out login with the lockout page
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cardpool.context.games",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        # a kept connection is checked before a request (or a pool chunk) uses it again: after the
        # database restarted, stale connections answered 500 to the next requests
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while one connection writes. Writes take the lock when their
    # transaction begins (IMMEDIATE) and wait up to `timeout` seconds for it: a transaction that
    # began reading and then wrote (SQLite's default, DEFERRED) could not wait and failed at once
    # with "database is locked" whenever another connection wrote (70 errors in 70 concurrent
    # deck saves and run starts; tests/simulate/test_resume.py).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # No statement (a /regex/ search above all) may hold a connection longer than this.
    DATABASE_STATEMENT_TIMEOUT = int(os.environ.get("DATABASE_STATEMENT_TIMEOUT", "30"))
    if DATABASE_STATEMENT_TIMEOUT > 0:
        DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
            f"-c statement_timeout={DATABASE_STATEMENT_TIMEOUT * 1000}")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# -- Accounts that resist guessing ------------------------------------------------------------------
# django-axes counts failed logins (the login page, the admin's, the API's basic auth) in the
# database, so every server process sees them: 5 failures from one address, or against one
# account, lock that address or account out for 15 minutes (429, "try again in N minutes").
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", 5))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
# Sign-ups per address per hour, against scripted sign-ups (counted in SHARED_CACHE: every process alike).
SIGNUPS_PER_HOUR = int(os.environ.get("SIGNUPS_PER_HOUR", 10))
# Password reset mails: printed on the console unless an SMTP server is configured.
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", 25))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Card Workshop <noreply@localhost>")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "decks:mine"
LOGOUT_REDIRECT_URL = "cardpool:home"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# WhiteNoise serves from STATIC_ROOT, which only `collectstatic` (`make serve`) fills; with DEBUG on
# (`make run`, the tests) it finds the files in the apps and static/, so a missing STATIC_ROOT is fine.
warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
# Without DEBUG (the production server) static files get cache-busting names from the manifest
# `collectstatic` writes (`make serve` runs it); the tests and `make run` use the plain storage.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
                    else "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# -- HTTPS behind a proxy that ends TLS (one switch) ----------------------------------------------
BEHIND_TLS_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
# Every script, style, picture and font of every page comes from this server, and nothing else may
# run: no script from elsewhere, no inline script (JSON data islands are not run), no framing.
# Inline style attributes stay allowed (a game's accent colour is set on its elements).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF], "script-src": [SELF], "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:", "blob:"], "font-src": [SELF, "data:"], "connect-src": [SELF],
        "object-src": [NONE], "base-uri": [SELF], "form-action": [SELF], "frame-ancestors": [NONE],
    },
}
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or BASE_DIR / "media")

# Card images: uploads must be real images within these limits (cardpool.images).
CARD_IMAGE_MAX_BYTES = int(os.environ.get("CARD_IMAGE_MAX_BYTES", 5 * 1024 * 1024))
CARD_IMAGE_MAX_PIXELS = int(os.environ.get("CARD_IMAGE_MAX_PIXELS", 4096 * 4096))
# Each side too: a 62 KB PNG of 1 x 16,000,000 pixels passed the pixel count and cost 530 MB to resize.
CARD_IMAGE_MAX_SIDE = int(os.environ.get("CARD_IMAGE_MAX_SIDE", 4096))
# Card pictures drawn when cards load or import (cardpool/art_ahead.py), not at the first visit.
CARD_ART_AHEAD = os.environ.get("CARD_ART_AHEAD", "1") == "1"
# Largest card import accepted through the admin upload form.
CARD_IMPORT_MAX_BYTES = int(os.environ.get("CARD_IMPORT_MAX_BYTES", 20 * 1024 * 1024))
DATA_UPLOAD_MAX_MEMORY_SIZE = CARD_IMPORT_MAX_BYTES
# Admin imports of more rows than this run as a background job (cardpool/import_jobs.py) whose page
# shows progress; smaller ones are imported during the request.
CARD_IMPORT_BACKGROUND_ROWS = max(0, int(os.environ.get("CARD_IMPORT_BACKGROUND_ROWS", 2000)))
# A server process sends its most visited pages through itself before it takes traffic (config/warmup.py):
# the first request on a new gunicorn worker took 8-28 s. On with DEBUG off (DJANGO_WARM_UP=0 turns it off).
WARM_UP = env_bool("DJANGO_WARM_UP", not DEBUG)
# Pages visitors who are not logged in read alike are kept this many seconds (config/visitor_cache.py)
VISITOR_PAGE_SECONDS = max(0, int(os.environ.get("DJANGO_VISITOR_PAGE_SECONDS", 0 if DEBUG else 10)))

# The API: personal tokens (accounts/), the site's session (CSRF for writes) and basic auth; rate
# limits per person and per address (429 with Retry-After).
API_RATE_ANON = os.environ.get("API_RATE_ANON", "120/min")
# Counts every server process must share (API rates, sign-ups) live in this cache: the database's
# cache table (made by `migrate`, accounts/migrations), or Redis with DJANGO_REDIS_URL. The default
# cache stays in each process's memory (pages kept for visitors).
SHARED_CACHE = "shared"
REDIS_URL = os.environ.get("DJANGO_REDIS_URL", "").strip()
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    SHARED_CACHE: {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL} if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "shared_cache",
          "OPTIONS": {"MAX_ENTRIES": 100_000}},
}
API_RATE_USER = os.environ.get("API_RATE_USER", "600/min")
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.PersonalTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "accounts.authentication.BasicAuthentication",  # DRF's, answering a lockout with 429
    ],
    "DEFAULT_THROTTLE_CLASSES": ["accounts.throttles.StrangerRate", "accounts.throttles.PersonRate"],
    "DEFAULT_PAGINATION_CLASS": "cardpool.pagination.CardPagination",
    "PAGE_SIZE": 60,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # every error DRF raises answers the views' body {"error": code, "message": ...}
    "EXCEPTION_HANDLER": "accounts.api_errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Card Workshop API",
    "DESCRIPTION": "Cards of Boundless TCG, Spellbound: Chaos Divided, FellBound, BOS and "
                   "Millennium Blades, searchable with the query language at /help/syntax/.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # the errors every operation of a kind can answer (401, 403, 429, ...), with that body
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "accounts.api_errors.declare_common_errors"],
}

LOG_REQUESTS = env_bool("DJANGO_LOG_REQUESTS", not DEBUG)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
        "json": {"()": "config.logs.JsonFormatter"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler",
                             "formatter": "json" if env_bool("DJANGO_LOG_JSON", False) else "text"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        # one line per request (config.middleware.RequestLogMiddleware), and not twice
        "config.requests": {"handlers": ["console"], "level": "INFO" if LOG_REQUESTS else "WARNING",
                            "propagate": False},
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
    },
}

# -- Simulations ---------------------------------------------------------------------------------
# README.md "Simulations". A run is split into chunks of games; the same chunk task runs on the
# local process pool (default: no service at all) or on Celery workers behind a Redis broker.
#   SIMULATION_BACKEND        "local" (default), "celery", or "inline" (chunks run in the
#                             calling thread: tests and debugging only)
#   SIMULATION_LOCAL_WORKERS  processes of the local pool (default: the machine's cores)
#   SIMULATION_CHUNK_SIZE     most games per chunk (default 100)
#   SIMULATION_MAX_GAMES      most games per run, all pairings together (default 100000)
#   SIMULATION_MAX_ACTIVE_RUNS  runs queued or running at once per user (default 3)
#   SIMULATION_CHUNK_LEASE    seconds a chunk's lease lasts (default 600); a worker renews it while it plays,
#                             so only a dead worker's chunk is re-run
#   CELERY_BROKER_URL         the Redis broker (default redis://127.0.0.1:6379/0)
SIMULATION_BACKEND = os.environ.get("SIMULATION_BACKEND", "local").strip().lower()
if SIMULATION_BACKEND not in ("local", "celery", "inline"):
    raise RuntimeError(f"SIMULATION_BACKEND must be local, celery or inline, not {SIMULATION_BACKEND!r}")
SIMULATION_LOCAL_WORKERS = max(1, int(os.environ.get("SIMULATION_LOCAL_WORKERS") or os.cpu_count() or 1))
SIMULATION_CHUNK_SIZE = max(1, int(os.environ.get("SIMULATION_CHUNK_SIZE", 100)))
SIMULATION_MAX_GAMES = max(1, int(os.environ.get("SIMULATION_MAX_GAMES", 100_000)))
SIMULATION_MAX_ACTIVE_RUNS = max(1, int(os.environ.get("SIMULATION_MAX_ACTIVE_RUNS", 3)))
SIMULATION_CHUNK_LEASE = max(10, int(os.environ.get("SIMULATION_CHUNK_LEASE", 600)))
#   SIMULATION_RESUME_ON_START  "1" (default): a starting server process or Celery worker resumes
#                             the runs a stop left unfinished (simulate/startup.py)
SIMULATION_RESUME_ON_START = env_bool("SIMULATION_RESUME_ON_START", True)
#   SIMULATION_REPLAYS_AT_ONCE  slow replays one person may have computing at once (default 2)
SIMULATION_REPLAYS_AT_ONCE = max(1, int(os.environ.get("SIMULATION_REPLAYS_AT_ONCE", 2)))

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")
CELERY_RESULT_BACKEND = None  # chunks write their tallies to the database; no results kept
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True  # a chunk's message is acknowledged only once it is stored ...
CELERY_TASK_REJECT_ON_WORKER_LOST = True  # ... and goes back to the queue if its worker dies
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # one chunk at a time per process: fair spreading
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Unacknowledged messages (a worker killed mid-chunk) are redelivered after this many seconds;
# ``resume_simulations`` (and the beat task) re-enqueue chunks whose lease ran out sooner.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": SIMULATION_CHUNK_LEASE}
CELERY_BEAT_SCHEDULE = {
    "requeue-stale-simulation-chunks": {"task": "simulate.requeue_stale_chunks",
                                        "schedule": float(SIMULATION_CHUNK_LEASE)},
}
