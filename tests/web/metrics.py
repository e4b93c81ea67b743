"""Reading the operator's metrics in a test: every sample /metrics shows, and how far one
moved between two readings."""

from prometheus_client.parser import text_string_to_metric_families


def samples(client) -> dict[tuple, float]:
    """Every sample /metrics shows, by name and labels."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def moved(before: dict, after: dict, name: str, **labels) -> float:
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0.0) - before.get(key, 0.0)
