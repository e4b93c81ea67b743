"""Fill deploy/nginx/*.template: the site file an operator installs, or a whole loopback set-up.

    python3 deploy/render_nginx.py --listen 80 --server-name cards.example.org \\
        --backend 127.0.0.1:8001 --backend 127.0.0.1:8002 > /etc/nginx/sites-available/cardsite

    python3 deploy/render_nginx.py --prefix /tmp/cardsite-nginx --listen 127.0.0.1:8080 \\
        --backend 127.0.0.1:8001 --backend 127.0.0.1:8002
        # writes nginx.conf and cardsite.conf into the prefix: run it as any user with
        # nginx -p /tmp/cardsite-nginx -e /tmp/cardsite-nginx/error.log -c nginx.conf

The site file limits writes and new games per client address (docs/deploy.md, "Limits
per address"); ``--unlimited ADDRESS`` (repeatable, an address or a CIDR range) leaves
an address alone, e.g. a monitoring probe that posts, or the load benchmark's client.

Standard library only, so that it runs on a server without the app's virtualenv.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "nginx"
SITE_TEMPLATE = HERE / "cardsite.conf.template"
LOOPBACK_TEMPLATE = HERE / "nginx-loopback.conf.template"
_PLACEHOLDER = re.compile(r"@@([A-Z_]+)@@")
# A backend is host:port (or unix:/path): nothing that could end the directive early.
_BACKEND = re.compile(r"^(unix:/[\w./-]+|[\w.\[\]:-]+:\d+)$")
# An unlimited address: IPv4 or IPv6, with an optional prefix length.
_ADDRESS = re.compile(r"^[0-9A-Fa-f.:]+(/\d{1,3})?$")
# Where nginx keeps the limited visitors' page (it creates the last folder itself).
CACHE_DIR = "/var/cache/nginx-cardsite"


def fill(template: str, values: dict[str, str]) -> str:
    missing = set(_PLACEHOLDER.findall(template)) - set(values)
    if missing:
        raise ValueError(f"no value for {sorted(missing)}")
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def render_site(backends: list[str], listen: str, server_name: str = "_",
                fail_timeout: int = 5, *, unlimited: tuple[str, ...] = (),
                cache_dir: str = CACHE_DIR) -> str:
    if not backends:
        raise ValueError("at least one backend")
    for backend in backends:
        if not _BACKEND.match(backend):
            raise ValueError(f"not a backend address: {backend!r}")
    for address in unlimited:
        if not _ADDRESS.match(address):
            raise ValueError(f"not an address or a range: {address!r}")
    if not re.match(r"^/[\w./-]+$", cache_dir):
        raise ValueError(f"not an absolute folder: {cache_dir!r}")
    servers = "\n".join(
        f"    server {backend} max_fails=1 fail_timeout={fail_timeout}s;" for backend in backends
    )
    exempt = "\n".join(f"    {address} 1;" for address in unlimited)
    return fill(SITE_TEMPLATE.read_text(), {
        "UPSTREAM_SERVERS": servers, "LISTEN": listen, "SERVER_NAME": server_name,
        "UNLIMITED": exempt or "    # (none)", "CACHE_DIR": cache_dir,
    })


def write_loopback(prefix: Path, backends: list[str], listen: str,
                   worker_processes: int = 1, *, unlimited: tuple[str, ...] = ()) -> Path:
    """A self-contained nginx set-up under ``prefix``; returns the nginx.conf to run."""
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "cardsite.conf").write_text(
        render_site(backends, listen, unlimited=unlimited, cache_dir=str(prefix / "cache")))
    conf = prefix / "nginx.conf"
    conf.write_text(fill(LOOPBACK_TEMPLATE.read_text(), {
        "PREFIX": str(prefix), "WORKER_PROCESSES": str(worker_processes),
    }))
    return conf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", required=True, help="host:port, repeat")
    parser.add_argument("--listen", default="80")
    parser.add_argument("--server-name", default="_")
    parser.add_argument("--unlimited", action="append", default=[],
                        help="an address or CIDR range the limits leave alone, repeat")
    parser.add_argument("--cache-dir", default=CACHE_DIR,
                        help=f"where nginx keeps the limited visitors' page ({CACHE_DIR})")
    parser.add_argument("--prefix", type=Path, help="write a whole loopback set-up there")
    args = parser.parse_args()
    if args.prefix:
        print(write_loopback(args.prefix.resolve(), args.backend, args.listen,
                             unlimited=tuple(args.unlimited)))
    else:
        sys.stdout.write(render_site(args.backend, args.listen, args.server_name,
                                     unlimited=tuple(args.unlimited), cache_dir=args.cache_dir))


if __name__ == "__main__":
    main()
