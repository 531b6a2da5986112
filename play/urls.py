"""Play a game yourself against the engine (pages only; see play/views.py)."""

from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.index, name="index"),
    path("<int:pk>/", views.game, name="game"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/control/", views.control, name="control"),
    path("<int:pk>/choices-after/", views.choices_after, name="choices_after"),
    path("<int:pk>/abandon/", views.abandon, name="abandon"),
    path("<int:pk>/replay/", views.replay, name="replay"),
    path("<int:pk>/replay.json", views.replay_json, name="replay_json"),
    path("<int:pk>/replay/frames.json", views.replay_frames, name="replay_frames"),
]
