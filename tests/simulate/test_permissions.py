"""Who may see and change a run (issue 5, part 7; simulate/permissions.py): runs belong to their
owner; a run on public decks may be shared by link; nobody else may start on their behalf,
cancel or delete it -- and a refused write changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from rest_framework.test import APIClient

from decks.models import Deck
from simulate import permissions, services
from simulate.models import SimulationRun

URL = "/api/simulations/"


@pytest.fixture
def runs(sim_decks, django_capture_on_commit_callbacks):
    """A private run (queued, not dispatched) and a run on public decks (done) of ``owner``."""
    owner, decks, other = sim_decks
    private = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                        deck_ids=[decks[0].pk, decks[1].pk], games=4, seed=1)
    Deck.objects.filter(pk__in=[decks[0].pk, decks[2].pk]).update(visibility=Deck.PUBLIC)
    with django_capture_on_commit_callbacks(execute=True):
        shared = services.simulation_start(owner=owner, game="boundless", mode="head_to_head",
                                           deck_ids=[decks[0].pk, decks[2].pk], games=2, seed=1)
    return owner, other, private, shared


def client_for(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def snapshot():
    return list(SimulationRun.objects.order_by("pk").values("pk", "status", "cancel_requested", "finished"))


def test_share_token_only_when_every_deck_is_public(runs):
    owner, other, private, shared = runs
    assert private.share_token == "" and len(shared.share_token) > 10


def test_rules(runs):
    owner, other, private, shared = runs
    assert permissions.can_view(owner, private) and permissions.can_change(owner, private)
    assert not permissions.can_view(other, private) and not permissions.can_change(other, private)
    assert not permissions.can_view(other, private, token="anything")
    assert permissions.can_view(other, shared, token=shared.share_token)
    assert permissions.can_view(None, shared, token=shared.share_token)
    assert not permissions.can_view(other, shared) and not permissions.can_view(other, shared, token="wrong")
    assert not permissions.can_change(other, shared)


@pytest.mark.parametrize("who", ["other", "anonymous"])
def test_others_cannot_read_a_private_run(runs, who):
    owner, other, private, shared = runs
    client = client_for(other if who == "other" else None)
    assert client.get(f"{URL}{private.pk}/").status_code == 404
    assert client.get(f"{URL}{private.pk}/games/0/replay/").status_code == 404
    assert client.get(URL).json()["results"] == []


@pytest.mark.parametrize("who", ["other", "anonymous"])
def test_shared_link_reads_but_never_writes(runs, who):
    owner, other, private, shared = runs
    client = client_for(other if who == "other" else None)
    key = f"?key={shared.share_token}"
    doc = client.get(f"{URL}{shared.pk}/{key}").json()
    assert doc["status"] == "done" and "share_key" not in doc
    assert client.get(f"{URL}{shared.pk}/games/0/replay/{key}&frames=0").status_code == 200
    before = snapshot()
    assert client.post(f"{URL}{shared.pk}/cancel/{key}").status_code == 403
    assert client.delete(f"{URL}{shared.pk}/{key}").status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("who", ["other", "anonymous"])
def test_others_cannot_cancel_or_delete(runs, who):
    owner, other, private, shared = runs
    client = client_for(other if who == "other" else None)
    before = snapshot()
    for run in (private, shared):
        assert client.post(f"{URL}{run.pk}/cancel/").status_code == 404
        assert client.delete(f"{URL}{run.pk}/").status_code == 404
    assert snapshot() == before


def test_anonymous_cannot_start(runs):
    owner, other, private, shared = runs
    decks = [rd.deck_id for rd in shared.run_decks.all()]
    before = snapshot()
    response = client_for(None).post(URL, {"game": "boundless", "mode": "head_to_head", "decks": decks,
                                          "games": 2}, format="json")
    assert response.status_code == 403 and response.json()["error"] == "not_authenticated"
    assert snapshot() == before


def test_session_writes_need_the_csrf_token(runs):
    owner, other, private, shared = runs
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.post(f"{URL}{private.pk}/cancel/").status_code == 403
    assert SimulationRun.objects.get(pk=private.pk).status == "queued"


def test_services_check_permissions_too(runs):
    owner, other, private, shared = runs
    before = snapshot()
    with pytest.raises(PermissionDenied):
        services.simulation_cancel(actor=other, run=private)
    with pytest.raises(PermissionDenied):
        services.simulation_delete(actor=other, run=private)
    with pytest.raises(PermissionDenied):
        services.simulation_delete(actor=None, run=shared)
    assert snapshot() == before


def test_owner_sees_the_share_key_and_may_cancel(runs):
    owner, other, private, shared = runs
    client = client_for(owner)
    assert client.get(f"{URL}{shared.pk}/").json()["share_key"] == shared.share_token
    assert client.post(f"{URL}{private.pk}/cancel/").json()["status"] == "cancelled"
    assert client.post(f"{URL}{shared.pk}/cancel/").json()["status"] == "done"  # finished runs stay done


# -- sharing follows privacy (robustness issue, part 8) ---------------------------------------------

def test_a_share_key_stops_working_when_a_deck_of_the_run_stops_being_public(runs, sim_decks):
    """A run's key kept working after its deck was made private, and the replay then showed the
    private deck list. Now the key opens the run only while every deck of it is public."""
    owner, other, private, shared = runs
    anonymous = client_for(None)
    url = f"{URL}{shared.pk}/?key={shared.share_token}"
    assert anonymous.get(url).status_code == 200
    deck = shared.run_decks.order_by("position").first().deck
    Deck.objects.filter(pk=deck.pk).update(visibility=Deck.PRIVATE)
    assert anonymous.get(url).status_code == 404
    assert Client().get(f"/simulations/{shared.pk}/?key={shared.share_token}").status_code == 404
    assert Client().get(f"/simulations/{shared.pk}/games/0/0/?key={shared.share_token}").status_code == 404
    assert permissions.can_view(owner, shared)  # the owner still sees it
    Deck.objects.filter(pk=deck.pk).update(visibility=Deck.PUBLIC)
    assert anonymous.get(url).status_code == 200
    Deck.objects.filter(pk=deck.pk).delete()
    assert anonymous.get(url).status_code == 404  # a deleted deck is not public either


def test_the_owner_revokes_and_regenerates_the_share_key(runs):
    owner, other, private, shared = runs
    old = shared.share_token
    api = client_for(owner)
    done = api.post(f"{URL}{shared.pk}/share/", {"action": "regenerate"}, format="json")
    assert done.status_code == 200
    shared.refresh_from_db()
    assert shared.share_token and shared.share_token != old
    assert client_for(None).get(f"{URL}{shared.pk}/?key={old}").status_code == 404
    assert client_for(None).get(f"{URL}{shared.pk}/?key={shared.share_token}").status_code == 200
    assert api.post(f"{URL}{shared.pk}/share/", {"action": "revoke"}, format="json").status_code == 200
    shared.refresh_from_db()
    assert shared.share_token == ""
    assert client_for(other).post(f"{URL}{shared.pk}/share/", {"action": "regenerate"}, format="json").status_code == 404
    refused = api.post(f"{URL}{private.pk}/share/", {"action": "regenerate"}, format="json")
    assert refused.status_code == 400 and refused.json()["error"] == "not_public"
    assert api.post(f"{URL}{shared.pk}/share/", {"action": ["x"]}, format="json").status_code == 400


def test_the_run_page_offers_revoke_and_a_new_link(runs):
    owner, other, private, shared = runs
    page = Client()
    page.force_login(owner)
    html = page.get(f"/simulations/{shared.pk}/").content.decode()
    assert "Revoke the link" in html and "New link" in html
    response = page.post(f"/simulations/{shared.pk}/share/", {"action": "revoke"}, follow=True)
    assert "Share link revoked" in response.content.decode()
    assert "Make a share link" in response.content.decode()
    assert "Make a share link" not in page.get(f"/simulations/{private.pk}/").content.decode()
