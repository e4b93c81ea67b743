"""The admin's statistics dashboard: staff only, read-only, figures from ``games.statistics``.

``pages`` holds the two thin views (the page, one CSV per table), ``period_form`` reads
the chosen days, ``tables`` turns the statistics' rows into labelled tables (the page
and the CSV files show the same ones), ``charts`` works out the SVG geometry that
``templates/admin/statistics/`` draws, and ``csv_export`` writes a table safely.
"""
