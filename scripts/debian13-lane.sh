#!/usr/bin/env bash
# The second Python CI proves: Debian 13's own Python 3.13, from Debian's packages. Builds
# a minimal Debian 13 root with debootstrap (once: it is reused while it holds a .ready
# mark), copies this working tree into it, and there runs `make test-quick` and a
# `make run` smoke check (scripts/smoke-run.sh). The root starts with only Python, its
# venv module and make: whatever else the tests need, the make targets must install.
# Needs root (sudo is used otherwise). CARDSITE_DEBIAN13_ROOT moves the root.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
root=${CARDSITE_DEBIAN13_ROOT:-/var/cache/cardsite/debian13}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! command -v debootstrap >/dev/null && [ ! -x /usr/sbin/debootstrap ]; then
    echo "Installing Debian's debootstrap for the Debian 13 lane"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq debootstrap >/dev/null
fi

if [ ! -e "$root/.ready" ]; then
    echo "Building a Debian 13 (trixie) root in $root"
    $SUDO rm -rf "$root"
    $SUDO mkdir -p "$root"
    $SUDO /usr/sbin/debootstrap --variant=minbase \
        --include=python3,python3-venv,make,ca-certificates trixie "$root" "$mirror" >/dev/null
    $SUDO touch "$root/.ready"
fi

# The root reaches the network as the host does: its resolver, and its certificates for
# a proxy that inspects TLS.
$SUDO cp /etc/resolv.conf "$root/etc/resolv.conf"
$SUDO cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/host-ca-certificates.crt"

# The tree under test, as git sees it (tracked and new files, nothing ignored), in a fresh
# folder each time; uv's cache in the root is kept from run to run.
$SUDO rm -rf "$root/cardsite"
$SUDO mkdir -p "$root/cardsite"
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - -cf - | $SUDO tar -xf - -C "$root/cardsite"

echo "Debian 13 lane: $($SUDO chroot "$root" python3 --version)"
# A mount namespace of its own: /proc and /dev go away with it, whatever happens.
$SUDO unshare --mount --fork --propagation private bash -euc '
    root=$1
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin \
        LANG=C.UTF-8 SSL_CERT_FILE=/etc/ssl/certs/host-ca-certificates.crt \
        PIP_CERT=/etc/ssl/certs/host-ca-certificates.crt \
        bash -euc "cd /cardsite && make test-quick && scripts/smoke-run.sh"
' lane "$root"
