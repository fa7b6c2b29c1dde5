#!/usr/bin/env bash
# Reproduces the layout model from ../shared/datasets in one command (npm run train:layout):
# installs the training tools (Debian packages, idempotent), builds the examples, trains with a
# fixed seed, and installs the result in models/weights with its manifest entry and provenance.
# Options are passed to build-examples.ts (e.g. --synthetic 400).
set -euo pipefail
cd "$(dirname "$0")/../.."

packages=(python3-torch python3-onnx python3-numpy libopenblas0-pthread)
bash models/ensure-packages.sh "${packages[@]}"

work=models/layout/work
mkdir -p "$work"
started=$(date +%s)
npx tsx models/layout/build-examples.ts --out "$work" "$@"
# Debian's Python (with its torch), not one a version manager put first on the PATH.
/usr/bin/python3 models/layout/train_layout.py --examples "$work/examples.jsonl" --roles "$work/roles.json" --out "$work"
npx tsx models/layout/install-model.ts --work "$work" --seconds $(( $(date +%s) - started ))
