"""A game a person plays in the browser against an agent of the game's engine.

The server keeps only what decides the game: the engine version, the seed, the decks as they
were when the game began, the seat the person plays and every move made so far (the person's
and the agent's). The state is rebuilt by replaying those moves from the seed on every request
(``play.selectors.game_state``), so nothing the browser sends is trusted but the next action,
which is checked against the engine's legal actions. A game of a deckless mode (``mode``:
Millennium Blades' whole game) stores one placeholder deck per seat, as the simulate app's
deckless runs do. The moves are the replay format's
(docs/replay-format.md), so a game is a replay as it goes. A move the server made for the person
(a forced move, a plain pass: ``play.services``) is an ordinary move; ``auto_moves`` only numbers
them for the story.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse


class PlayedGame(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "In progress"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="played_games")
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=40, blank=True, default="",
                            help_text="the engine's deckless mode (EngineSpec.deckless_modes), or '' for the deck engine")
    engine_version = models.CharField(max_length=40)
    seed = models.BigIntegerField()
    human_seat = models.PositiveSmallIntegerField(default=0)
    agents = models.JSONField(help_text="agent spec per seat; the person's seat is {'name': 'human'}")
    decks = models.JSONField(help_text="deck per seat as plain data (rules.core.replay.deck_to_data)")
    deck_names = models.JSONField(default=list)
    your_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    opponent_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    moves = models.JSONField(default=list, help_text="every move so far: [[seat, action text], ...] per decision")
    auto_moves = models.JSONField(default=list, help_text="numbers (1-based) of the moves made for the person: forced "
                                  "moves and plain passes (play.services, auto-pass)")
    control = models.JSONField(default=dict, help_text="the person's auto-pass setting: {'full_control': bool, "
                               "'stops': [stop keys]}; no 'stops': the engine's default stops")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    outcome = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["owner", "-updated"], name="played_game_owner_updated")]

    def __str__(self) -> str:
        return f"{self.game} game {self.pk}: {' vs '.join(self.deck_names)}"

    def get_absolute_url(self) -> str:
        return reverse("play:game", args=[self.pk])

    @property
    def opponent_name(self) -> str:
        others = [name for seat, name in enumerate(self.deck_names) if seat != self.human_seat]
        return ", ".join(others)
