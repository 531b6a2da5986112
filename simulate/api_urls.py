"""Simulation API routes (mounted under /api/)."""

from django.urls import path

from simulate import api, doctor_api

urlpatterns = [
    path("simulations/", api.SimulationListView.as_view(), name="api-simulations"),
    path("simulations/<int:pk>/", api.SimulationDetailView.as_view(), name="api-simulation"),
    path("simulations/<int:pk>/cancel/", api.SimulationCancelView.as_view(), name="api-simulation-cancel"),
    path("simulations/<int:pk>/share/", api.SimulationShareView.as_view(), name="api-simulation-share"),
    path("simulations/<int:pk>/games/<int:n>/replay/", api.SimulationReplayView.as_view(),
         name="api-simulation-replay"),
    path("doctor/", doctor_api.DoctorStartView.as_view(), name="api-doctor-start"),
    path("doctor/<int:pk>/", doctor_api.DoctorDetailView.as_view(), name="api-doctor"),
    path("doctor/<int:pk>/apply/", doctor_api.DoctorApplyView.as_view(), name="api-doctor-apply"),
    path("doctor/<int:pk>/cancel/", doctor_api.DoctorCancelView.as_view(), name="api-doctor-cancel"),
]
