"""What the tests and the benchmarks both drive the site with, from the outside.

* ``stack``          the production-shaped pieces started for real on loopback:
                     gunicorn, a PostgreSQL cluster, nginx (the live tests, the load bench)
* ``client``         a browser-like HTTP client that follows htmx's hooks as a page would
* ``players``        simulated players of both games on that client
* ``fuzz_requests``  generated hostile requests (the fuzz test, the fuzz bench)

Neither tests/ nor bench/ imports the other: both import this package. Nothing of the
site itself (games, cardsite) imports it (an import contract in pyproject.toml).
"""
