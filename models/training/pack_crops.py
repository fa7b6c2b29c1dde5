"""Pack a crop store (crops.bin + crops.jsonl, RGB at height 48) for training: each crop scaled to
the recogniser's height, made grey and encoded as WebP, so the rendered lines take a thirtieth of
their raw size (16,000 lines: 930 MB raw, about 33 MB packed) and travel to a GPU machine.

  python3 models/training/pack_crops.py <crop-dir> <pack-dir> [--height 32] [--quality 80] [--limit N]

Writes <pack-dir>/pack.bin (the WebP files one after another) and <pack-dir>/pack.jsonl (each
crop's row with its `offset` and `length` in pack.bin and its new `width` and `height`).
finetune_recognizer.py reads either form.

Grey because receipts are printed in one ink: the trainer repeats the grey plane in the three
input planes. Needs Debian's python3-pil (with WebP) and python3-numpy.
"""
import argparse
import io
import json
import os

import numpy as np
from PIL import Image


def main():
    p = argparse.ArgumentParser()
    p.add_argument("crops")
    p.add_argument("pack")
    p.add_argument("--height", type=int, default=32)
    p.add_argument("--quality", type=int, default=80)
    p.add_argument("--limit", type=int, default=0, help="pack only the first N crops (0: all)")
    args = p.parse_args()
    os.makedirs(args.pack, exist_ok=True)
    blob = np.memmap(os.path.join(args.crops, "crops.bin"), dtype=np.uint8, mode="r")
    offset = packed = 0
    with open(os.path.join(args.crops, "crops.jsonl"), encoding="utf-8") as rows, \
            open(os.path.join(args.pack, "pack.bin"), "wb") as out, \
            open(os.path.join(args.pack, "pack.jsonl"), "w", encoding="utf-8") as index:
        for k, line in enumerate(rows):
            if args.limit and k >= args.limit:
                break
            r = json.loads(line)
            n = r["width"] * r["height"] * 3
            rgb = np.asarray(blob[r["offset"]: r["offset"] + n]).reshape(r["height"], r["width"], 3)
            width = max(8, round(r["width"] * args.height / r["height"]))
            img = Image.fromarray(rgb).convert("L").resize((width, args.height), Image.BILINEAR)
            buf = io.BytesIO()
            img.save(buf, "WEBP", quality=args.quality, method=6)
            data = buf.getvalue()
            out.write(data)
            index.write(json.dumps(dict(r, offset=offset, length=len(data), width=width, height=args.height),
                                   ensure_ascii=False) + "\n")
            offset += len(data)
            packed += 1
    print(f"packed {packed} crops, {offset / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
