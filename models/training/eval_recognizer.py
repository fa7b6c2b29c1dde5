"""Character error rate of a recogniser on line crops (exact case), and the share of non-ASCII
characters read: a quick check of a training run before the full bench (npm run bench:ocr).

  python3 models/training/eval_recognizer.py --model <rec.onnx> --data <crops-dir>
      (--charset <dict.txt> | --classes <classes.json>) [--height 32]
"""
import argparse
import json

import onnx
import torch

from finetune_recognizer import OnnxModule, batch_tensor, greedy, load_crops, read_dictionary


def align(truth, read):
    """Edit distance and how many non-ASCII truth characters one best alignment matches exactly."""
    n, m = len(truth), len(read)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (truth[i - 1] != read[j - 1]))
    i, j, hit = n, m, 0
    while i > 0 and j > 0:
        if truth[i - 1] == read[j - 1] and d[i][j] == d[i - 1][j - 1]:
            hit += ord(truth[i - 1]) > 0x7F
            i, j = i - 1, j - 1
        elif d[i][j] == d[i - 1][j - 1] + 1:
            i, j = i - 1, j - 1
        elif d[i][j] == d[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return d[n][m], hit


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True)
    p.add_argument("--data", required=True)
    p.add_argument("--charset")
    p.add_argument("--classes")
    p.add_argument("--height", type=int, default=32)
    args = p.parse_args()
    classes = read_dictionary(args.charset) if args.charset else json.load(open(args.classes))
    module = OnnxModule(onnx.load(args.model))
    module.eval()
    keep_idx = torch.tensor(classes["keep"])
    crops = sorted(load_crops(args.data), key=lambda c: c["width"])
    errors = chars = non_ascii = non_ascii_read = 0
    by_lang = {}
    with torch.no_grad():
        for i in range(0, len(crops), 16):
            b = crops[i: i + 16]
            for c, t in zip(b, greedy(module(batch_tensor(b, 1.0, args.height)), keep_idx, classes["chars"])):
                e, hit = align(c["text"], t)
                n = sum(ord(ch) > 0x7F for ch in c["text"])
                errors, chars = errors + e, chars + len(c["text"])
                non_ascii, non_ascii_read = non_ascii + n, non_ascii_read + hit
                lang = by_lang.setdefault(c.get("language", "?"), [0, 0])
                lang[0] += e
                lang[1] += len(c["text"])
    print(json.dumps({"crops": len(crops), "cer": round(errors / max(1, chars), 4),
                      "non_ascii_read": round(non_ascii_read / max(1, non_ascii), 4),
                      "cer_by_language": {k: round(v[0] / max(1, v[1]), 4) for k, v in sorted(by_lang.items())}}))


if __name__ == "__main__":
    main()
