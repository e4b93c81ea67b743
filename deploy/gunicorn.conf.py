"""gunicorn settings for one cardsite app server.

    gunicorn -c deploy/gunicorn.conf.py cardsite.wsgi

Every value can be changed from the environment (the example is deploy/cardsite.env.example)
or on the command line, which wins over this file. The scale-out test and the load
benchmark start their app servers with this very file.
"""

import os

# One app server per address; run several (other ports, other machines) behind nginx.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8001")

# Sync workers: nginx buffers slow clients, a move is a few milliseconds of CPU, and
# a worker per core keeps a 2-core machine busy without thrashing.
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 2))
threads = int(os.environ.get("GUNICORN_THREADS", 1))

# A request that takes longer than this is stuck: its worker is replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
# On SIGTERM a worker finishes the request it is serving (a move is saved whole or not
# at all either way: one transaction) while nginx sends new requests to the other servers.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", 10))

# Recycle workers now and then so that a slow leak can never grow without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 5000))
max_requests_jitter = max_requests // 10
# Load Django once in the master and fork the workers from it: a recycled worker is
# serving again at once instead of spending a second importing the site while its share
# of requests queues behind the others (that import showed in the load bench's p99).
preload_app = os.environ.get("GUNICORN_PRELOAD", "true").lower() != "false"

# Only the proxy on this machine may say which scheme the visitor used
# (X-Forwarded-Proto, which Django's SECURE_PROXY_SSL_HEADER reads).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = os.environ.get("GUNICORN_ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")

# gunicorn >= 25.1 opens a control socket at one fixed path under $HOME: two app
# servers on one machine would fight over it, and none is needed. (Older versions
# ignore the name.)
control_socket_disable = True

# Prometheus' multiprocess mode (cardsite/metrics.py, docs/deploy.md#metrics): with
# PROMETHEUS_MULTIPROC_DIR set, every worker keeps its metrics in files in that folder and
# /metrics adds them up. One folder per app server: it is emptied when the server starts
# (values from a former run would be added in), and a worker that exits has its gauges'
# files marked dead (its counters stay counted).
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


def on_starting(server):
    if _metrics_dir:
        os.makedirs(_metrics_dir, exist_ok=True)
        for name in os.listdir(_metrics_dir):
            if name.endswith(".db"):
                os.remove(os.path.join(_metrics_dir, name))


def child_exit(server, worker):
    if _metrics_dir:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
