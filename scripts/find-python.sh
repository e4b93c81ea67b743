#!/bin/sh
# Prints the path of the Python the site is installed with: the newest of python3.13,
# python3.12 and python3.11, then python3 when it is one of them. A name that is on the PATH
# but does not run (a pyenv shim for a version not selected) is passed over.
for candidate in python3.13 python3.12 python3.11 python3; do
    found=$("$candidate" -c 'import sys; print(sys.executable) if (3, 11) <= sys.version_info[:2] <= (3, 13) else sys.exit(1)' 2>/dev/null) \
        && [ -n "$found" ] && { echo "$found"; exit 0; }
done
echo "cardsite needs CPython 3.11, 3.12 or 3.13, and none of python3.13, python3.12, python3.11 or python3 is one: install one, or name it with PYTHON=/path/to/python" >&2
exit 1
