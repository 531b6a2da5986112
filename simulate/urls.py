"""Simulation pages under /simulations/."""

from django.urls import path

from simulate import doctor_views, league_views, views

app_name = "simulate"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("new/", views.new, name="new"),
    path("league/new/", league_views.league_new, name="league_new"),
    path("doctor/", doctor_views.doctor_new, name="doctor_new"),
    path("doctor/<int:pk>/", doctor_views.doctor_run, name="doctor_run"),
    path("doctor/<int:pk>/apply/", doctor_views.doctor_apply, name="doctor_apply"),
    path("<int:pk>/", views.run_detail, name="run"),
    path("<int:pk>/tables/", views.tables, name="tables"),
    path("<int:pk>/cancel/", views.cancel, name="cancel"),
    path("<int:pk>/share/", views.share, name="share"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("<int:pk>/games/", views.games, name="games"),
    path("<int:pk>/games/<int:pairing>/<int:index>/", views.replay, name="replay"),
    path("<int:pk>/games/<int:pairing>/<int:index>/replay.json", views.replay_json, name="replay_json"),
    path("<int:pk>/games/<int:pairing>/<int:index>/state/", views.replay_state, name="replay_state"),
    path("<int:pk>/games/<int:pairing>/<int:index>/frames.json", views.replay_frames, name="replay_frames"),
]
