#!/usr/bin/env bash
# Cross-validated models for setting how the engine weighs the layout model on every SROIE training
# receipt, not only the validation quarter (models/layout/tune.ts --cv): for each of K folds of the
# SROIE receipts (CRC-32 of the id), one model (one seed) trained without that fold's receipts.
# Needs the examples of `npm run train:layout` (models/layout/work/examples.jsonl).
#
#   bash models/layout/cross-validate.sh [K]        # then: npx tsx models/layout/tune.ts --cv
set -euo pipefail
cd "$(dirname "$0")/../.."
folds=${1:-4}
work=models/layout/work
for ((k = 0; k < folds; k++)); do
  mkdir -p "$work/cv/fold-$k"
  /usr/bin/python3 models/layout/train_layout.py --examples "$work/examples.jsonl" --roles "$work/roles.json" --out "$work/cv/fold-$k" --members 1 --folds "$folds" --fold "$k"
done
