#!/usr/bin/env bash
# Calls recognise speech offline with Debian's pocketsphinx and its US English model (kept warm through its Python 3
# binding, python3-pocketsphinx); their tests and benches speak with eSpeak NG and convert audio with sox. Installs whichever of these is missing (nothing when all are there).
set -euo pipefail
packages=()
command -v pocketsphinx_continuous >/dev/null 2>&1 || packages+=(pocketsphinx)
[ -f /usr/share/pocketsphinx/model/en-us/en-us/mdef ] || packages+=(pocketsphinx-en-us)
[ -d /usr/lib/python3/dist-packages/pocketsphinx ] || packages+=(python3-pocketsphinx)
command -v espeak-ng >/dev/null 2>&1 || packages+=(espeak-ng)
command -v sox >/dev/null 2>&1 || packages+=(sox)
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${packages[*]} and apt-get is not available: install them for calls (speech recognition)." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's ${packages[*]} for calls"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
