"""Average the weights of recognisers fine-tuned from one start (a "model soup"): the runs of the
second stage and the first stage's model end in one basin, and their mean reads unseen receipts
better than any of them alone (models/training/README.md gives the figures).

  python3 models/training/average_models.py <out.onnx> <model.onnx>[=weight] ...

Every model must be the same graph (the trainer writes trained values back into the graph it
read); each trainable constant of the first becomes the weighted mean of that constant in all.
"""
import sys

import numpy as np
import onnx
from onnx import numpy_helper


def average(models, weights):
    base = models[0]
    for other in models[1:]:
        if len(other.graph.node) != len(base.graph.node):
            raise ValueError("models differ in their graphs")
    total = float(sum(weights))
    for k, n in enumerate(base.graph.node):
        if n.op_type != "Constant":
            continue
        values = [numpy_helper.to_array(m.graph.node[k].attribute[0].t) for m in models]
        if values[0].dtype != np.float32 or values[0].size <= 1:
            continue
        if any(v.shape != values[0].shape for v in values):
            raise ValueError(f"models differ in constant {n.output[0]}")
        mean = sum(w * v.astype(np.float64) for w, v in zip(weights, values)) / total
        n.attribute[0].t.CopyFrom(numpy_helper.from_array(mean.astype(np.float32), n.attribute[0].t.name))
    return base


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: average_models.py <out.onnx> <model.onnx>[=weight] ...")
    out, specs = sys.argv[1], sys.argv[2:]
    paths = [s.rsplit("=", 1)[0] if "=" in s else s for s in specs]
    weights = [float(s.rsplit("=", 1)[1]) if "=" in s else 1.0 for s in specs]
    onnx.save(average([onnx.load(p) for p in paths], weights), out)
    print(f"wrote {out}: the mean of {len(paths)} models")


if __name__ == "__main__":
    main()
