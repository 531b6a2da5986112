# Placeholder until card images land (being written now).
from django.http import HttpResponse


def card_image(request, pk):
    return HttpResponse(status=404)


card_thumb = card_image
