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

from accounts.services import account_delete, account_export


class EmailForm(forms.Form):
    email = forms.EmailField(required=False, label="E-mail address",
                             help_text="Only for resetting a forgotten password; never shown to anyone.")


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
    counts = {"decks": user.decks.count(), "runs": user.simulation_runs.count(), "games": user.played_games.count()}
    return render(request, "accounts/account.html", {"email_form": email_form, "delete_form": DeleteForm(user=user),
                                                     "counts": counts})


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
        counts = {"decks": request.user.decks.count(), "runs": request.user.simulation_runs.count(),
                  "games": request.user.played_games.count()}
        return render(request, "accounts/account.html", {"email_form": EmailForm(initial={"email": request.user.email}),
                                                         "delete_form": form, "counts": counts}, status=400)
    user = request.user
    logout(request)
    gone = account_delete(user)
    messages.info(request, f"Your account is deleted, with {gone['decks']} deck(s), {gone['runs']} run(s) and "
                           f"{gone['games']} game(s).")
    return redirect("cardpool:home")
