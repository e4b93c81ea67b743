"""The production-shaped pieces, started for real on loopback: gunicorn, PostgreSQL, nginx.

Used by the live tests (tests/live/) and the load benchmark (bench/bench_load.py).
Every app server runs the real settings with DEBUG off, hashed static files collected,
and deploy/gunicorn.conf.py; nginx runs deploy/nginx/*.template as an ordinary user,
with its pid, logs and temporary files in a folder of its own.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from deploy import render_nginx

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
SECRET_KEY = "live-test-" + "k" * 50
# root runs the servers that refuse root (initdb, postgres) and nginx as these users.
IS_ROOT = os.geteuid() == 0
POSTGRES_USER, NGINX_USER = "postgres", "www-data"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_user(user: str) -> list[str]:
    return ["runuser", "-u", user, "--"] if IS_ROOT else []


def _give_to(user: str, path: Path) -> None:
    if IS_ROOT:
        shutil.chown(path, user)


def site_env(database_url: str, static_root: Path, **extra: str) -> dict[str, str]:
    """The environment of a production app server (plain http on loopback)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "false",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "STATIC_ROOT": str(static_root),
        "DATABASE_URL": database_url,
        "LOG_LEVEL": "WARNING",
        **extra,
    }
    for name in ("SQLITE_PATH", "DJANGO_ALLOW_ASYNC_UNSAFE", "PYTEST_CURRENT_TEST"):
        env.pop(name, None)
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   timeout=300, stdout=subprocess.DEVNULL)


def prepare_site(env: dict[str, str]) -> None:
    """What an operator does before the first start: collectstatic and migrate."""
    manage(env, "collectstatic", "--noinput", "-v", "0")
    manage(env, "migrate", "--noinput", "-v", "0")


def stop_group(process: subprocess.Popen | None, timeout: float = 10) -> None:
    """SIGTERM to a process started in a session of its own, and to its children (a
    graceful stop: gunicorn finishes the requests it serves); SIGKILL if it lingers."""
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def wait_for_http(url: str, seconds: float = 30.0, process: subprocess.Popen | None = None,
                  expect: int = 200) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server behind {url} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == expect:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


class Gunicorn:
    """One app server: gunicorn with deploy/gunicorn.conf.py on a loopback port."""

    def __init__(self, env: dict[str, str], log: Path, *, port: int | None = None,
                 workers: int = 2) -> None:
        self.env = env
        self.log = log
        self.port = port or free_port()
        self.workers = workers
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: bool = True) -> Gunicorn:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(BIN / "gunicorn"), "-c", str(GUNICORN_CONF), "cardsite.wsgi",
                 "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
                 "--access-logfile", "-", "--graceful-timeout", "5"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        if wait:
            wait_for_http(self.base + "/healthz", process=self.process)
        return self

    def kill9(self) -> None:
        """kill -9 of the master and every worker at once: nothing gets to clean up."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """A graceful stop (SIGTERM): requests being served finish, new ones are refused."""
        stop_group(self.process, timeout=20)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: `make test-ops` installs Debian's postgresql")
    return found[-1].parent


class PostgresCluster:
    """A throwaway cluster this process owns, so that it may stop and start it at will."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        # Not under pytest's tmp_path: the postgres user must be able to reach it.
        folder = self.folder = Path(tempfile.mkdtemp(prefix="cardsite-pg-"))
        self.data = folder / "data"
        self.port = free_port()
        folder.chmod(0o755)
        if IS_ROOT:
            if subprocess.run(["id", POSTGRES_USER], capture_output=True).returncode != 0:
                subprocess.run(["useradd", "--system", "--home", "/var/lib/postgresql",
                                POSTGRES_USER], check=True)
            _give_to(POSTGRES_USER, folder)
        self._run("initdb", "-D", str(self.data), "-U", "cardsite", "--auth=trust", "-E", "UTF8",
                  "--no-locale")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "cardsite",
                  "cardsite")

    @property
    def url(self) -> str:
        return f"postgres://cardsite@127.0.0.1:{self.port}/cardsite"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*_as_user(POSTGRES_USER), str(self.bin / tool), *args], check=True,
                       stdout=subprocess.DEVNULL, timeout=120)

    def start(self) -> None:
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                   f"-c unix_socket_directories={self.folder} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w",
                  "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def destroy(self) -> None:
        subprocess.run([*_as_user(POSTGRES_USER), str(self.bin / "pg_ctl"), "-D", str(self.data),
                        "-m", "immediate", "stop"], capture_output=True, check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def query(self, sql: str, *params) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.url, connect_timeout=5) as connection:
            return connection.execute(sql, params).fetchall()


# The load benchmark's players all send from here, as fast as they can: the limits per
# address would turn most of them away. Tests of the limits send from other loopback
# addresses (127.0.0.2 and up), which the shipped site file limits as it would anyone.
BENCH_ADDRESS = "127.0.0.1"


class Nginx:
    """Debian's nginx on a loopback port, as an ordinary user, in front of ``backends``.

    It runs the shipped site file, limits per client address included; ``unlimited``
    lists the addresses left alone (render_nginx.py --unlimited), by default the one the
    load benchmark and the older tests send from.
    """

    def __init__(self, backends: list[str], *, port: int | None = None,
                 worker_processes: int = 1,
                 unlimited: tuple[str, ...] = (BENCH_ADDRESS,)) -> None:
        if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
            raise RuntimeError("nginx is not installed: `make test-ops` installs Debian's nginx")
        # Its own folder, which nginx's user can reach: pid, logs, temporary files.
        prefix = self.prefix = Path(tempfile.mkdtemp(prefix="cardsite-nginx-"))
        self.port = port or free_port()
        self.conf = render_nginx.write_loopback(
            prefix, backends, f"127.0.0.1:{self.port}", worker_processes, unlimited=unlimited)
        if IS_ROOT:
            prefix.chmod(0o755)
            for path in [prefix, *prefix.rglob("*")]:
                _give_to(NGINX_USER, path)
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen(
            [*_as_user(NGINX_USER), nginx, "-p", str(self.prefix), "-e",
             str(self.prefix / "error.log"), "-c", str(self.conf)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
        )
        wait_for_http(self.base + "/healthz", process=self.process)
        return self

    def stop(self) -> None:
        stop_group(self.process)  # runuser passes the SIGTERM on

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def access_log(self) -> list[str]:
        path = self.prefix / "access.log"
        return path.read_text(errors="replace").splitlines() if path.exists() else []

    def error_log(self) -> str:
        path = self.prefix / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""


def read_row(database_url: str, table: str, game_id: str, columns: str) -> tuple:
    """One saved game's columns, read straight from the database (not through the site)."""
    if database_url.startswith("sqlite"):
        import sqlite3
        import uuid

        path = database_url.removeprefix("sqlite:///")
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute(f"SELECT {columns} FROM {table} WHERE id = ?",
                              (uuid.UUID(game_id).hex,)).fetchone()
    import psycopg

    with psycopg.connect(database_url, connect_timeout=5) as db:
        return db.execute(f"SELECT {columns} FROM {table} WHERE id = %s",
                          (game_id,)).fetchone()
