"""The admin's statistics dashboard: who may see it, every figure on the page and in the
CSV files for a known set of games, bad input, and the admin's times as durations."""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation

from games.admin_statistics.csv_export import defused
from games.formatting import duration
from games.models import HeartsGame, HeartsStats, HeartToHeartStats, Player
from tests.web.admin_statistics.helpers import build_known_games, hearts_game

pytestmark = pytest.mark.django_db

URL = "/admin/statistics/"
TABLES = ("hearts-levels", "h2h-deal-classes", "h2h-winning-moves", "h2h-winning-times",
          "activity")


def table(page: str, slug: str) -> dict[str, dict[str, str]]:
    """{row name: {column key: text}} of one dashboard table."""
    found = re.search(rf'<table data-statistics-table="{slug}">(.*?)</table>', page, re.S)
    assert found, f"no table {slug}"
    rows = {}
    for name, body in re.findall(r'<tr data-row="([^"]*)"[^>]*>(.*?)</tr>', found.group(1), re.S):
        cells = re.findall(r'data-column="([^"]+)"[^>]*>([^<]*)<', body)
        rows[name] = {key: html.unescape(text) for key, text in cells}
    return rows


def csv_rows(client, slug: str, query: str = "") -> list[list[str]]:
    response = client.get(f"{URL}{slug}.csv{query}")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def day(days_ago: int) -> dt.date:
    return timezone.localdate() - dt.timedelta(days=days_ago)


# --- Who may look ------------------------------------------------------------------------


@pytest.mark.parametrize("path", [URL, f"{URL}hearts-levels.csv"])
def test_anonymous_visitors_go_to_the_admin_login(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=")


@pytest.mark.parametrize("path", [URL, f"{URL}activity.csv"])
def test_a_signed_in_non_staff_user_goes_to_the_admin_login(client, path):
    client.force_login(User.objects.create_user("visitor", password="x" * 12))
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=")


def test_the_admin_index_links_to_the_dashboard(admin_client):
    page = admin_client.get("/admin/").content.decode()
    assert re.search(r'<a href="/admin/statistics/" data-admin-statistics-link>', page)
    assert "Statistics" in page


def test_player_pages_do_not_link_to_the_dashboard(client):
    for path in ("/", "/hearts/help/", "/heart-to-heart/rules/"):
        assert "/admin/statistics/" not in client.get(path).content.decode()


# --- Every figure, last 30 days (the default) ----------------------------------------------

HEARTS_30 = {
    "easy": {"level": "Easy", "started": "3", "finished": "2", "won": "1", "lost": "1",
             "drawn": "0", "abandoned": "1", "win_share": "50%",
             "average_seconds": "7 min 06 s", "total_seconds": "14 min 12 s"},
    "medium": {"level": "Medium", "started": "2", "finished": "2", "won": "1", "lost": "0",
               "drawn": "1", "abandoned": "0", "win_share": "50%",
               "average_seconds": "1 h 16 min", "total_seconds": "2 h 33 min"},
    "hard": {"level": "Hard", "started": "2", "finished": "1", "won": "0", "lost": "1",
             "drawn": "0", "abandoned": "1", "win_share": "0%",
             "average_seconds": "1 h 00 min", "total_seconds": "1 h 00 min"},
    "all": {"level": "All levels", "started": "7", "finished": "5", "won": "2", "lost": "2",
            "drawn": "1", "abandoned": "2", "win_share": "40%",
            "average_seconds": "45 min 26 s", "total_seconds": "3 h 47 min"},
}


def test_every_hearts_figure_on_the_page(admin_client):
    build_known_games()
    page = admin_client.get(URL).content.decode()
    assert table(page, "hearts-levels") == HEARTS_30


def test_every_heart_to_heart_figure_on_the_page(admin_client):
    build_known_games()
    page = admin_client.get(URL).content.decode()
    assert table(page, "h2h-deal-classes") == {
        "N": {"deal_class": "Any deal (N)", "played": "3", "won": "1", "win_share": "33%"},
        "W": {"deal_class": "Winnable deals only (W)", "played": "2", "won": "2",
              "win_share": "100%"},
        "all": {"deal_class": "All deals", "played": "5", "won": "3", "win_share": "60%"},
    }
    # Wins took 44, 47 and 52 moves: bins one move wide from 44 to 52.
    assert table(page, "h2h-winning-moves") == {
        str(n): {"low": str(n), "high": str(n + 1), "count": "1" if n in (44, 47, 52) else "0"}
        for n in range(44, 53)
    }
    # Wins took 3 min, 7 min and 1 h 06 min 40 s from the first move.
    times = table(page, "h2h-winning-times")
    assert {name: row["count"] for name, row in times.items() if row["count"] != "0"} == {
        "180": "1", "420": "1", "3600": "1"}
    assert times["180"] == {"low": "3 min 00 s", "high": "4 min 00 s", "count": "1"}
    assert times["3600"] == {"low": "1 h 00 min", "high": "—", "count": "1"}
    assert list(times) == ["0", "60", "120", "180", "240", "300", "420", "600", "900", "1200",
                           "1800", "3600"]


def test_every_activity_figure_on_the_page(admin_client):
    build_known_games()
    page = admin_client.get(URL).content.decode()
    rows = table(page, "activity")
    assert list(rows) == [day(n).isoformat() for n in range(29, -1, -1)]
    busy = {name: (row["hearts"], row["h2h"], row["players"]) for name, row in rows.items()
            if row["hearts"] + row["h2h"] + row["players"] != "000"}
    assert busy == {
        day(10).isoformat(): ("1", "0", "1"),
        day(3).isoformat(): ("2", "1", "3"),
        day(1).isoformat(): ("2", "2", "4"),
        day(0).isoformat(): ("2", "2", "2"),
    }
    assert rows[day(0).isoformat()]["day"] == day(0).strftime("%a %-d %b %Y")


def test_the_page_says_which_days_it_counts_and_draws_five_charts(admin_client):
    build_known_games()
    page = admin_client.get(URL).content.decode()
    assert f'data-period="{day(29).isoformat()}/{day(0).isoformat()}"' in page
    charts = re.findall(r'<figure class="statistics-chart" data-chart="([^"]+)">', page)
    assert charts == ["hearts-levels", "h2h-winning-moves", "h2h-winning-times",
                      "activity-games", "activity-players"]
    for slug in charts:
        assert f'aria-labelledby="chart-{slug}-title chart-{slug}-desc"' in page
        assert f'<title id="chart-{slug}-title">' in page
    # Bars carry their figure as a tooltip; the Hearts chart shows the started games split.
    assert "<title>Easy: 1 won</title>" in page and "<title>Easy: 1 abandoned</title>" in page
    assert "3 started · 50% won" in page


def test_every_figure_in_the_csv_files(admin_client):
    build_known_games()
    assert csv_rows(admin_client, "hearts-levels") == [
        ["Level", "Started", "Finished", "Won", "Lost", "Drawn", "Abandoned",
         "Win share of finished games (%)", "Average playing time (s)",
         "Total playing time (s)"],
        ["Easy", "3", "2", "1", "1", "0", "1", "50.0", "426", "852"],
        ["Medium", "2", "2", "1", "0", "1", "0", "50.0", "4590", "9180"],
        ["Hard", "2", "1", "0", "1", "0", "1", "0.0", "3600", "3600"],
        ["All levels", "7", "5", "2", "2", "1", "2", "40.0", "2726", "13632"],
    ]
    assert csv_rows(admin_client, "h2h-deal-classes") == [
        ["Deals", "Played", "Won", "Win share (%)"],
        ["Any deal (N)", "3", "1", "33.3"],
        ["Winnable deals only (W)", "2", "2", "100.0"],
        ["All deals", "5", "3", "60.0"],
    ]
    moves = csv_rows(admin_client, "h2h-winning-moves")
    assert moves[0] == ["From", "Below", "Wins"]
    assert moves[1:] == [[str(n), str(n + 1), "1" if n in (44, 47, 52) else "0"]
                         for n in range(44, 53)]
    times = csv_rows(admin_client, "h2h-winning-times")
    assert times[0] == ["From (s)", "Below (s)", "Wins"]
    assert [row for row in times[1:] if row[2] != "0"] == [
        ["180", "240", "1"], ["420", "600", "1"], ["3600", "", "1"]]
    assert len(times) == 13
    activity = csv_rows(admin_client, "activity")
    assert activity[0] == ["Day", "Hearts games started", "Heart to Heart games started",
                           "Active players"]
    assert len(activity) == 31
    assert [row for row in activity[1:] if row[1:] != ["0", "0", "0"]] == [
        [day(10).isoformat(), "1", "0", "1"],
        [day(3).isoformat(), "2", "1", "3"],
        [day(1).isoformat(), "2", "2", "4"],
        [day(0).isoformat(), "2", "2", "2"],
    ]


def test_csv_files_are_downloads_named_for_their_table_and_period(admin_client):
    for slug in TABLES:
        response = admin_client.get(f"{URL}{slug}.csv?period=7")
        assert response["Content-Disposition"] == (
            f'attachment; filename="cardsite-{slug}-{day(6).isoformat()}-{day(0).isoformat()}.csv"')
    page = admin_client.get(f"{URL}?period=7").content.decode()
    for slug in TABLES:
        assert f'href="/admin/statistics/{slug}.csv?period=7" data-csv="{slug}"' in page


def test_an_unknown_table_is_not_found(admin_client):
    assert admin_client.get(f"{URL}passwords.csv").status_code == 404


# --- Other periods -----------------------------------------------------------------------


def test_the_last_90_days_take_in_the_older_games_and_a_range_picks_exact_days(admin_client):
    build_known_games()
    page = admin_client.get(f"{URL}?period=90").content.decode()
    assert table(page, "hearts-levels")["hard"]["started"] == "3"
    assert table(page, "hearts-levels")["all"]["started"] == "8"  # not the one 100 days ago
    assert table(page, "h2h-deal-classes")["N"]["played"] == "4"
    assert len(table(page, "activity")) == 90
    one_day = day(45).isoformat()
    query = f"?period=range&start={one_day}&end={one_day}"
    page = admin_client.get(URL + query).content.decode()
    assert table(page, "hearts-levels")["hard"] == {
        "level": "Hard", "started": "1", "finished": "1", "won": "1", "lost": "0", "drawn": "0",
        "abandoned": "0", "win_share": "100%", "average_seconds": "1 min 40 s",
        "total_seconds": "1 min 40 s"}
    assert table(page, "h2h-deal-classes")["all"]["won"] == "1"
    assert table(page, "h2h-winning-moves") == {"50": {"low": "50", "high": "51", "count": "1"}}
    assert csv_rows(admin_client, "activity", query) == [
        ["Day", "Hearts games started", "Heart to Heart games started", "Active players"],
        [one_day, "1", "1", "1"],
    ]


def test_no_games_gives_zeros_and_no_histograms(admin_client):
    page = admin_client.get(URL).content.decode()
    assert table(page, "hearts-levels")["all"]["started"] == "0"
    assert table(page, "hearts-levels")["all"]["win_share"] == "—"
    assert table(page, "h2h-winning-moves") == {}
    assert "No games in this period." in page
    assert 'data-chart="h2h-winning-moves"' not in page
    assert 'data-chart="activity-games"' in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?period=365", "Select a valid choice"),
        ("?period=range", "Give both dates of the range"),
        ("?period=range&start=2026-03-01", "Give both dates of the range"),
        ("?period=range&start=2026-03-01&end=2026-02-01", "must not come after"),
        ("?period=range&start=2024-01-01&end=2026-01-01", "at most 366 days"),
        ("?period=range&start=not-a-date&end=2026-01-01", "Enter a valid date"),
        ("?period=range&start=9999-12-31&end=9999-12-31", "Choose dates between"),
        ("?period=range&start=0001-01-01&end=0001-01-02", "Choose dates between"),
    ],
)
def test_bad_input_says_what_is_wrong_and_never_fails(admin_client, query, message):
    response = admin_client.get(URL + query)
    assert response.status_code == 200
    page = response.content.decode()
    assert message in html.unescape(page)
    assert 'role="alert"' in page
    assert "data-statistics-table" not in page
    response = admin_client.get(f"{URL}activity.csv{query}")
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_dashboard_costs_the_same_few_queries_however_many_games(
    admin_client, django_assert_num_queries
):
    admin_client.get(URL)  # the session and the user, loaded once warm
    build_known_games()
    # session + user, then one query each: Hearts per level, deal classes, wins per move
    # count, wins per minute, activity (both games and the players).
    with django_assert_num_queries(7):
        assert admin_client.get(URL).status_code == 200


# --- CSV injection -----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"])
def test_a_cell_that_a_spreadsheet_would_run_is_made_text(text):
    assert defused(text) == "'" + text


def test_plain_cells_are_left_alone():
    assert defused("Easy") == "Easy"
    assert defused("Hard-ish") == "Hard-ish"


def test_a_hostile_level_name_reaches_the_csv_as_text(admin_client):
    hearts_game(Player.objects.create(), "=HYPER()", 0)
    rows = csv_rows(admin_client, "hearts-levels")
    assert ["'=HYPER()", "1", "0", "0", "0", "0", "1", "", "", "0"] in rows


# --- Translations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "heading", "level", "average"),
    [("fr", "Statistiques", "Facile", "7 min 06 s"), ("nb", "Statistikk", "Lett", "7 min 06 s")],
)
def test_the_dashboard_is_translated(admin_client, language, heading, level, average):
    build_known_games()
    admin_client.cookies["django_language"] = language
    page = admin_client.get(URL).content.decode()
    assert f'lang="{language}"' in page
    assert f"<h1>{heading}</h1>" in page
    easy = table(page, "hearts-levels")["easy"]
    assert (easy["level"], easy["average_seconds"]) == (level, average)
    header = csv_rows(admin_client, "hearts-levels")[0]
    assert header[0] != "Level"


@pytest.mark.parametrize(
    ("seconds", "en", "fr", "nb"),
    [
        (0, "0 s", "0 s", "0 s"),
        (45, "45 s", "45 s", "45 s"),
        (252, "4 min 12 s", "4 min 12 s", "4 min 12 s"),
        (3600, "1 h 00 min", "1 h 00 min", "1 t 00 min"),
        (7380, "2 h 03 min", "2 h 03 min", "2 t 03 min"),
        (None, "—", "—", "—"),
        ("garbage", "—", "—", "—"),
    ],
)
def test_durations_read_in_each_language(seconds, en, fr, nb):
    for language, expected in (("en", en), ("fr", fr), ("nb", nb)):
        with translation.override(language):
            assert duration(seconds) == expected


# --- Time columns elsewhere in the admin -------------------------------------------------


def test_admin_lists_show_times_as_durations(admin_client):
    players = build_known_games()
    HeartsStats.objects.create(player=players["p1"], level="easy", games_played=2, wins=1,
                               losses=1, total_seconds=7380)
    HeartToHeartStats.objects.create(player=players["p1"], games_played=3, games_won=1,
                                     best_time_seconds=252, fewest_moves=44)
    page = admin_client.get("/admin/games/heartsstats/").content.decode()
    assert '<td class="field-total_time">2 h 03 min</td>' in page  # the per-player list
    easy = re.search(r'<tr data-level="easy">(.*?)</tr>', page, re.S).group(1)
    assert "<td>2 h 03 min</td>" in easy  # the totals per level
    assert ">7380<" not in page
    page = admin_client.get("/admin/games/hearttoheartstats/").content.decode()
    assert '<td class="field-best_time">4 min 12 s</td>' in page
    page = admin_client.get("/admin/games/heartsgame/").content.decode()
    assert '<td class="field-playing_time">4 min 12 s</td>' in page
    assert '<td class="field-playing_time">—</td>' in page  # an unfinished game
    page = admin_client.get("/admin/games/hearttoheartgame/").content.decode()
    assert '<td class="field-time">1 h 06 min</td>' in page
    player = admin_client.get(f"/admin/games/player/{players['p1'].pk}/change/")
    assert player.status_code == 200
    assert "4 min 12 s" in player.content.decode()
    stats = HeartsStats.objects.get(player=players["p1"])
    change = admin_client.get(f"/admin/games/heartsstats/{stats.pk}/change/").content.decode()
    assert "2 h 03 min" in change


def test_the_per_player_lists_still_sort_by_time(admin_client):
    players = build_known_games()
    for seconds, player in ((60, players["p1"]), (3700, players["p2"])):
        HeartsStats.objects.create(player=player, level="hard", games_played=1, wins=1,
                                   total_seconds=seconds)
    page = admin_client.get("/admin/games/heartsstats/?o=-7").content.decode()
    assert page.index("1 h 01 min") < page.index("1 min 00 s")
    assert HeartsGame.objects.count() == 9
