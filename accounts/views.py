"""The account page: e-mail address for password resets, export of every deck, deleting the
account (with the password, as a last check)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import ApiToken
from accounts.services import account_delete, account_export


class EmailForm(forms.Form):
    email = forms.EmailField(required=False, label="E-mail address",
                             help_text="Only for resetting a forgotten password; never shown to anyone.")


class TokenForm(forms.Form):
    name = forms.CharField(max_length=100, label="Name", help_text="What it is for: \"my laptop\", \"a bot\".")


class DeleteForm(forms.Form):
    password = forms.CharField(widget=forms.PasswordInput, label="Your password",
                               help_text="Deleting cannot be undone: your decks, runs and games go with the account.")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


@login_required
@require_http_methods(["GET", "POST"])
def account(request):
    user = request.user
    email_form = EmailForm(request.POST if "email" in request.POST else None, initial={"email": user.email})
    if request.method == "POST" and email_form.is_valid():
        user.email = email_form.cleaned_data["email"]
        user.save(update_fields=["email"])
        messages.success(request, "E-mail address saved." if user.email else "E-mail address removed.")
        return redirect("accounts:account")
    return _page(request, email_form=email_form)


def _page(request, status: int = 200, **parts):
    user = request.user
    counts = {"decks": user.decks.count(), "runs": user.simulation_runs.count(), "games": user.played_games.count()}
    context = {"email_form": EmailForm(initial={"email": user.email}), "delete_form": DeleteForm(user=user),
               "token_form": TokenForm(), "tokens": list(user.api_tokens.all()), "counts": counts, **parts}
    return render(request, "accounts/account.html", context, status=status)


@login_required
@require_POST
def token_create(request):
    """A new personal API token; its key is shown on this one page and never again."""
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, 400, token_form=form)
    token, key = ApiToken.issue(request.user, form.cleaned_data["name"])
    return _page(request, new_token=token, new_key=key)


@login_required
@require_POST
def token_revoke(request, pk: int):
    deleted, _ = ApiToken.objects.filter(pk=pk, user=request.user).delete()
    if deleted:
        messages.info(request, "Token revoked: it no longer opens the API.")
    return redirect("accounts:account")


@login_required
def export(request):
    """Every deck of the account, as text files and JSON, in one zip archive."""
    response = HttpResponse(account_export(request.user), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{request.user.get_username()}-decks.zip"'
    return response


@login_required
@require_POST
def delete(request):
    form = DeleteForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, 400, delete_form=form)
    user = request.user
    logout(request)
    gone = account_delete(user)
    messages.info(request, f"Your account is deleted, with {gone['decks']} deck(s), {gone['runs']} run(s) and "
                           f"{gone['games']} game(s).")
    return redirect("cardpool:home")
