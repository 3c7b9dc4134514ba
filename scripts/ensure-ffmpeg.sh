#!/usr/bin/env bash
# A play shared as a video is rendered by ffmpeg (H.264 and AAC), and its tests read the file back with ffprobe: both
# come from Debian's `ffmpeg` package (never a binary downloaded at run time). Installs it when either is missing.
set -euo pipefail
FFMPEG_PATH="${FFMPEG_PATH:-ffmpeg}"
if command -v "$FFMPEG_PATH" >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ffmpeg (with ffprobe) is missing and apt-get is not available: install ffmpeg (or set FFMPEG_PATH) to render videos." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's ffmpeg for rendering plays as videos"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
"$FFMPEG_PATH" -hide_banner -version | head -n 1
