"""The dashboard page and one CSV file per table. Staff only: the URLs wrap both in
``admin.site.admin_view``, which sends anyone else to the admin's login page."""

from __future__ import annotations

from django.contrib import admin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from . import charts
from .csv_export import csv_response
from .period_form import period_form
from .queries import (
    activity_per_day,
    h2h_by_deal_class,
    h2h_winning_moves,
    h2h_winning_times,
    hearts_by_level,
)
from .tables import (
    TABLES,
    activity_table,
    deal_class_table,
    hearts_table,
    level_label,
    moves_table,
    times_table,
)

TEMPLATE = "admin/statistics/dashboard.html"


def dashboard(request: HttpRequest) -> HttpResponse:
    form = period_form(request.GET)
    context = {
        **admin.site.each_context(request),
        "title": _("Statistics"),
        "form": form,
    }
    if not form.is_valid():
        # Like any Django form page: shown again, saying what is wrong (and no figures
        # for a period nobody asked for). A CSV link has no form to show: that is a 400.
        return render(request, TEMPLATE, context)
    period = form.chosen_period()
    levels = hearts_by_level(period)
    moves, times = h2h_winning_moves(period), h2h_winning_times(period)
    days = activity_per_day(period)
    context.update(
        period=period,
        query=request.GET.urlencode(),
        hearts=hearts_table(levels),
        hearts_chart=charts.hearts_levels_chart(levels, {r.level: level_label(r.level)
                                                         for r in levels}),
        deal_classes=deal_class_table(h2h_by_deal_class(period)),
        moves=moves_table(moves),
        moves_chart=charts.moves_chart(moves) if moves else None,
        times=times_table(times),
        times_chart=charts.times_chart(times) if times else None,
        activity=activity_table(days),
        games_chart=charts.games_per_day_chart(days),
        players_chart=charts.players_per_day_chart(days),
    )
    return render(request, TEMPLATE, context)


def table_csv(request: HttpRequest, table: str) -> HttpResponse:
    build = TABLES.get(table)
    if build is None:
        raise Http404(_("No such table."))
    form = period_form(request.GET)
    if not form.is_valid():
        problems = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return HttpResponse(problems, status=400, content_type="text/plain; charset=utf-8")
    period = form.chosen_period()
    return csv_response(build(period), period)

