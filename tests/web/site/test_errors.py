import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_unknown_url_gets_the_friendly_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert 'data-error="404"' in response.content.decode()


def test_404_page_speaks_the_visitors_language(client):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="nb")
    assert response.status_code == 404
    assert '<html lang="nb">' in response.content.decode()


def test_500_page_renders_without_a_database_or_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert b'data-error="500"' in response.content


def test_post_without_csrf_token_is_refused_with_a_clear_page(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/i18n/setlang/", {"language": "fr"})
    assert response.status_code == 403
    assert 'data-error="403"' in response.content.decode()


def test_csrf_token_sent_as_htmx_header_is_accepted():
    """htmx sends the token from <body hx-headers> as X-CSRFToken: the POST must pass."""
    import json
    import re

    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    html = strict.get("/").content.decode()
    headers = json.loads(re.search(r"hx-headers='([^']+)'", html).group(1))
    response = strict.post(
        "/i18n/setlang/", {"language": "fr"},
        headers={"X-CSRFToken": headers["x-csrftoken"], "HX-Request": "true"},
    )
    assert response.status_code == 302
