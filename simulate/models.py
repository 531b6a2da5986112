"""Simulation runs and their chunks.

A run is split into chunks of games with derived seeds; each finished chunk stores its tally
(``rules.core.tally`` version 2, additive counts for 1 to ``max_players`` sides: games, wins
per seat and per deck, placements, returns, draws, length histogram, end reasons, the game's
declared counters). A run's results are always the sum of its finished chunks, so a worker that
dies loses no finished chunk, and a chunk (unique per run and index) is never counted twice.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from simulate import modes


class SimulationRun(models.Model):
    """A run: its mode is one of :class:`Mode` (decks chosen or dealt) or a game's deckless mode
    (``EngineSpec.deckless_modes``, checked against the registry by ``simulate.services``), whose
    seats start from what the engine deals: then ``players`` says how many seats it has. ``options``
    holds the engine's setup options the run plays every game with (``EngineSpec.setup_options``)."""

    class Mode(models.TextChoices):
        GOLDFISH = "goldfish", "Goldfish"
        HEAD_TO_HEAD = "head_to_head", "Head-to-head"
        GAUNTLET = "gauntlet", "Gauntlet"
        TABLE = "table", "Table"
        TEAMS = "teams", "Teams"
        MATCH = "match", "Matches"
        LEAGUE = "league", "League"

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_runs")
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=40, help_text="one of Mode, or a game's deckless mode (e.g. full-game)")
    players = models.PositiveSmallIntegerField(null=True, blank=True,
                                               help_text="a deckless mode's seats; empty for runs of decks")
    games_requested = models.PositiveIntegerField(help_text="games per pairing (per opponent in a gauntlet)")
    seed = models.BigIntegerField()
    agents = models.JSONField(default=list, help_text="agent spec per side (deck), e.g. ['greedy', 'random']")
    chunk_size = models.PositiveIntegerField(default=100)
    backend = models.CharField(max_length=20, default="local")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    cancel_requested = models.BooleanField(default=False)
    error = models.TextField(blank=True)
    share_token = models.CharField(max_length=32, default="", blank=True,
                                   help_text="link key; set only when every deck of the run is public")
    engine_version = models.CharField(max_length=40, blank=True)
    deal = models.JSONField(null=True, blank=True,
                            help_text="a dealt-format run (rules.core.dealing): {query, count, pool}; decks are "
                                      "dealt per game from the pool (a deck snapshot) instead of chosen")
    options = models.JSONField(default=dict, blank=True,
                               help_text="the engine's setup options chosen for every game (EngineSpec.setup_options, "
                                         "checked by rules.core.options.clean_options): only values that differ "
                                         "from the defaults, e.g. {\"free_market\": true}")
    league = models.JSONField(null=True, blank=True,
                              help_text="a league run (simulate/league.py): {format, table_size, source}; its pairings "
                                        "are every table of its decks")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["owner", "status"], name="run_owner_status")]

    def __str__(self) -> str:
        return f"Run {self.pk} ({self.get_mode_display()}, {self.game})"

    def get_absolute_url(self) -> str:
        if self.mode == modes.DOCTOR:
            return reverse("simulate:doctor_run", args=[self.pk])
        return reverse("simulate:run", args=[self.pk])

    def get_mode_display(self) -> str:
        return modes.mode_label(self.mode)

    @property
    def is_deckless(self) -> bool:
        """A run of a game's deckless mode (no decks: ``players`` seats)."""
        return modes.is_deckless(self.mode)

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE

    def new_share_token(self) -> str:
        self.share_token = secrets.token_urlsafe(16)
        return self.share_token


class RunDeck(models.Model):
    """A deck of a run, frozen at the version used: position 0 is the first deck (side 0; the
    gauntlet's subject)."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="run_decks")
    position = models.PositiveSmallIntegerField()
    deck = models.ForeignKey("decks.Deck", null=True, on_delete=models.SET_NULL, related_name="simulation_uses")
    deck_version = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    snapshot = models.JSONField(help_text="the DeckList as plain data (rules.core.replay.deck_to_data)")

    class Meta:
        ordering = ["run", "position"]
        constraints = [models.UniqueConstraint(fields=["run", "position"], name="unique_run_deck_position")]

    def __str__(self) -> str:
        return f"{self.name} v{self.deck_version}"


class RunChunk(models.Model):
    """``games`` games of one pairing, played from seeds derived from the run's seed and index."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    pairing = models.PositiveSmallIntegerField(default=0, help_text="opponent number in a gauntlet")
    first_game = models.PositiveIntegerField(help_text="index of the chunk's first game within its pairing")
    games = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    tally = models.JSONField(null=True, blank=True)
    worker = models.CharField(max_length=200, blank=True)
    leased_until = models.DateTimeField(null=True, blank=True,
                                        help_text="a worker is playing it until then; pending past it = re-run")
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="unique_run_chunk")]
        indexes = [models.Index(fields=["run", "status"], name="chunk_run_status")]

    def __str__(self) -> str:
        return f"Run {self.run_id} chunk {self.index} ({self.status})"


class ReplayCache(models.Model):
    """A replay computed once and kept (robustness issue, part 2): playing a game again from its
    seed costs what the game cost (108 s with a strong ISMCTS agent), so it is done once per run,
    game and engine version, and a slow one in the background (simulate/replays.py)."""

    class Status(models.TextChoices):
        COMPUTING = "computing", "Computing"
        READY = "ready", "Ready"
        FAILED = "failed", "Failed"

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="replays")
    pairing = models.PositiveSmallIntegerField()
    game = models.PositiveIntegerField()
    engine_version = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.COMPUTING)
    requester = models.CharField(max_length=80, blank=True, help_text="who asked first (user, share key or address)")
    data = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "pairing", "game", "engine_version"],
                                               name="unique_cached_replay")]
        indexes = [models.Index(fields=["requester", "status"], name="replay_requester_status")]

    def __str__(self) -> str:
        return f"Run {self.run_id} pairing {self.pairing} game {self.game} ({self.status})"


class DoctorRun(models.Model):
    """A deck doctor run (``simulate.doctor``): its :class:`SimulationRun` (mode ``doctor``) holds
    the seed, agents, status and chunks (a chunk's ``pairing`` is the candidate number, 0 the
    original; its games are played against every deck of the field); its :class:`RunDeck` rows the
    deck (position 0) and the field. Here: the settings, the candidates the screen chose, the looks
    assessed and the version the best change was saved as."""

    run = models.OneToOneField(SimulationRun, on_delete=models.CASCADE, related_name="doctor")
    settings = models.JSONField(help_text="simulate.doctor.Settings as data")
    field_source = models.CharField(max_length=40, default="gauntlet",
                                    help_text="where the field came from: gauntlet (chosen decks); later a league")
    candidates = models.JSONField(default=list, blank=True,
                                  help_text="the swaps measured, in number order: {section, out, in, in_id, screen}")
    screened = models.PositiveIntegerField(default=0, help_text="legal swaps the screen ranked")
    looks_done = models.PositiveSmallIntegerField(default=0)
    saved_version = models.PositiveIntegerField(null=True, blank=True,
                                                 help_text="the deck version the best change was saved as")

    def __str__(self) -> str:
        return f"Deck doctor {self.run_id}"
