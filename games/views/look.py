"""The cards-and-table page: a plain form (it works without JavaScript). Thin: parse,
call the service, answer. A GET shows the choices and writes nothing; a POST saves them
on the player (made on first need, as any action does), mirrors them in the cookie the
first paint of every page reads, and goes back where the player came from, which says
"Saved" once (a message, templates/_look_saved.html)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games import look as looks
from games.forms import LookForm, local_path
from games.services.look import save_look
from games.views.requests import HtmxHttpRequest

# The tag base.html shows a message by (templates/_look_saved.html).
SAVED = "look-saved"


@require_http_methods(["GET", "HEAD", "POST"])
def look_page(request: HtmxHttpRequest) -> HttpResponse:
    current = looks.of_request(request)
    if request.method != "POST":
        initial = {f"look_{name}": getattr(current, name) for name in looks.CHOICES}
        form = LookForm(initial={**initial, "next": local_path(request.GET.get("next", ""))})
        return render(request, "look.html", {"form": form})
    form = LookForm(request.POST)
    if not form.is_valid():
        return render(request, "look.html", {"form": form}, status=400)
    chosen = looks.Look(**{name: form.cleaned_data[f"look_{name}"] for name in looks.CHOICES})
    save_look(player=request.visitor.ensure_player(), look=chosen)
    messages.success(request, _("Saved. Every page now looks this way."), extra_tags=SAVED)
    response = HttpResponseRedirect(form.cleaned_data["next"] or reverse("look"))
    looks.remember(response, chosen)
    return response
