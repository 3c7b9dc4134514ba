#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser build). Installs it when missing.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM_PATH and apt-get is not available: install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's chromium package for the browser tests"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
"$CHROMIUM_PATH" --version
