from django.apps import AppConfig


class SimulateConfig(AppConfig):
    name = "simulate"
    verbose_name = "Simulations"
