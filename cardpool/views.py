# Placeholder until the pages land (being written now).
from django.http import HttpResponse


def _todo(request, *args, **kwargs):
    return HttpResponse("coming soon")


home = search = syntax_help = browse = set_list = set_detail = card_detail = _todo
