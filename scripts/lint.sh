#!/usr/bin/env bash
# Lint every source: ruff on the Python (ruff.toml), ESLint on static/js (eslint.config.mjs). Run by
# scripts/test.sh (make test) and make lint. ESLint comes from the npm registry, pinned in
# package.json and package-lock.json and installed into node_modules/ (never committed) by `npm ci`
# when the lockfile is newer than the install; Debian's nodejs and npm are installed when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== ruff (ruff.toml) =="
.venv/bin/ruff check .

echo "== ESLint (eslint.config.mjs: static/js) =="
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then echo "missing npm (install Debian's nodejs and npm, or run as root)" >&2; exit 1; fi
  echo "installing nodejs and npm ..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node_modules/.bin/eslint static/js
