"""The admin's statistics dashboard (docs/admin-statistics.md): staff only, read only.

One package holds all of it, as a small Django app of its own so that its templates, its
template tags and its stylesheet sit beside the code that uses them:

- ``queries`` — the figures, each section one aggregate query in the database (with
  ``expressions``: ``Day`` and ``SecondsBetween`` for SQLite and PostgreSQL; ``periods``:
  the days asked for). It reads the models and never writes, so it needs no service.
- ``tables`` — the queries' rows as labelled tables (the page and the CSV show the same);
  ``charts`` — the SVG geometry the templates draw; ``csv_export`` — a table written safely.
- ``period_form`` reads the chosen days; ``views`` holds the two thin views (the page, one
  CSV per table); ``urls`` puts them behind the admin's staff check.
- ``templatetags/admin_statistics.py`` — how a cell reads; ``templates/admin/statistics/``
  and ``games/admin_statistics/static/css/admin_statistics.css`` — the page.

Nothing here is imported at start-up: the app's module stays empty so that Django can
load it before the models are ready.
"""
