"""Give a PP-OCR recogniser a new output alphabet, keeping what it already knows.

The last layer of the recogniser (MatMul + Add before the Softmax) has one column per class. The
new model gets one column per character of the new dictionary (plus the CTC blank and the space):
- a character the old dictionary has keeps its trained column;
- an accented letter starts from its base letter's column (Unicode decomposition: `ü` from `u`),
  any other new sign from the look-alike `data/lookalikes.json` names (`ß` from `B`, `€` from `C`);
  its bias starts lower, so until the fine-tune has taught it the difference the model still
  answers with the base letter it used to read.
Everything else in the graph is unchanged.

  python3 models/training/extend_recognizer_classes.py --model <rec.onnx> --old-charset <keys.txt>
      --charset <new-dict.txt> --lookalikes <lookalikes.json> --out <extended.onnx>
"""
import argparse
import json
import unicodedata

import numpy as np
import onnx
from onnx import numpy_helper


def read_charset(path):
    """Classes 1..n of a PP-OCR dictionary (one character a line) followed by the space class."""
    with open(path, encoding="utf-8") as f:
        chars = f.read().split("\n")
    if chars and chars[-1] == "":
        chars.pop()
    return chars + [" "]


def old_class_of(ch, old, lookalikes):
    """(old class index, exact) for a new character: its own column, or where it starts from."""
    index = {}
    for i, c in enumerate(old):
        index.setdefault(c, i + 1)
    for i, c in enumerate(old):
        index.setdefault(unicodedata.normalize("NFKC", c), i + 1)
    if ch in index:
        return index[ch], True
    base = unicodedata.normalize("NFD", ch)[0]
    if base != ch and base in index:
        return index[base], False
    start = lookalikes.get(ch)
    if start in index:
        return index[start], False
    raise SystemExit(f"no starting class for {ch!r} (U+{ord(ch):04X}): add it to the look-alikes")


def constant_tensor(graph, name):
    for n in graph.node:
        if n.op_type == "Constant" and n.output[0] == name:
            return n.attribute[0].t
    for t in graph.initializer:
        if t.name == name:
            return t
    raise SystemExit(f"{name} is not a constant")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True)
    p.add_argument("--old-charset", required=True)
    p.add_argument("--charset", required=True)
    p.add_argument("--lookalikes", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--new-bias", type=float, default=-2.5, help="bias of a new class relative to its start")
    args = p.parse_args()

    model = onnx.load(args.model)
    g = model.graph
    producer = {o: n for n in g.node for o in n.output}
    softmax = producer[g.output[0].name]
    add = producer[softmax.input[0]]
    matmul = producer[add.input[0]]
    assert softmax.op_type == "Softmax" and add.op_type == "Add" and matmul.op_type == "MatMul"
    w_t, b_t = constant_tensor(g, matmul.input[1]), constant_tensor(g, add.input[1])
    w, b = numpy_helper.to_array(w_t), numpy_helper.to_array(b_t)

    old = read_charset(args.old_charset)
    new = read_charset(args.charset)
    assert w.shape[1] == len(old) + 1, f"model has {w.shape[1]} classes, old dictionary {len(old) + 1}"
    lookalikes = json.load(open(args.lookalikes, encoding="utf-8"))["start"]
    cols, bias = [0], [b[0]]
    fresh = []
    for ch in new:
        j, exact = old_class_of(ch, old, lookalikes)
        cols.append(j)
        bias.append(b[j] + (0.0 if exact else args.new_bias))
        if not exact:
            fresh.append(ch)
    w2 = w[:, cols].astype(np.float32)
    b2 = np.array(bias, dtype=np.float32)
    w_t.CopyFrom(numpy_helper.from_array(w2, w_t.name))
    b_t.CopyFrom(numpy_helper.from_array(b2, b_t.name))
    # The declared output named the old class count.
    dims = g.output[0].type.tensor_type.shape.dim
    if len(dims) == 3:
        dims[2].Clear()
        dims[2].dim_value = len(new) + 1
    onnx.save(model, args.out)
    print(f"{len(new) + 1} classes ({len(fresh)} new, started from look-alikes): {''.join(fresh)}")


if __name__ == "__main__":
    main()
