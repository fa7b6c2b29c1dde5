#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are not installed yet (idempotent): how CI
# (.ci/run) and the training scripts get their tools, fonts and word lists.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
