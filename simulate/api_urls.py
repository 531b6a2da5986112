"""Simulation API routes (mounted under /api/)."""

from django.urls import path

from simulate import api

urlpatterns = [
    path("simulations/", api.SimulationListView.as_view(), name="api-simulations"),
    path("simulations/<int:pk>/", api.SimulationDetailView.as_view(), name="api-simulation"),
    path("simulations/<int:pk>/cancel/", api.SimulationCancelView.as_view(), name="api-simulation-cancel"),
    path("simulations/<int:pk>/share/", api.SimulationShareView.as_view(), name="api-simulation-share"),
    path("simulations/<int:pk>/games/<int:n>/replay/", api.SimulationReplayView.as_view(),
         name="api-simulation-replay"),
]
