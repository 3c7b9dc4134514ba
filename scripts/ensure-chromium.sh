#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser build). Installs it when missing, and a
# Chinese font when none is installed, so pages in Chinese (the zh-CN journeys and screenshots) show their text.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
if [ ! -x "$CHROMIUM_PATH" ]; then packages+=(chromium); fi
if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; }; then packages+=(fonts-wqy-zenhei); fi
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${packages[*]} and apt-get is not available: install Chromium (set CHROMIUM_PATH) and a Chinese font." >&2
  [ -x "$CHROMIUM_PATH" ] && exit 0
  exit 1
fi
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's ${packages[*]} for the browser tests"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null; }; then
  # Without the font the browser tests still run (Chinese text shows as boxes in screenshots); without Chromium they cannot.
  [ -x "$CHROMIUM_PATH" ] && { echo "Could not install ${packages[*]}; going on without them" >&2; exit 0; }
  exit 1
fi
"$CHROMIUM_PATH" --version
