"""Fine-tune the PP-OCRv4 recogniser on line crops from the engine's own detector.

The ONNX graph is executed node by node with PyTorch, its float constants (weights) as trainable
parameters, so no PaddlePaddle or conversion tool is needed; the trained values are written back
into the same graph, which keeps its structure, inputs and outputs.

Loss: CTC over the Latin classes the engine reads, with upper and lower case (and each ASCII
character with its full-width twin) merged into one target, because the labels are upper case
whatever the receipt prints: the model keeps choosing case from what it sees.

  python3 models/training/finetune_recognizer.py --model <rec.onnx> --data <dir> [--data-exact <dir> ...]
      [--charset <dict.txt>] --out <trained.onnx> [--epochs 2] [--lr 1e-4] [--eval <dir>]
      [--steps N] [--device auto|cpu|cuda]

A data folder is a crop store (crops.bin + crops.jsonl) or a pack of it (pack.bin + pack.jsonl,
pack_crops.py). Crops whose row says `spaceless` (WildReceipt labels) let the space class count as
a blank. Runs on a CUDA GPU when there is one (--device auto), else on the CPU; the result is the
same ONNX graph either way.

Needs Debian's python3-torch, python3-onnx, python3-numpy and python3-pil (models/training/README.md).
"""
import argparse
import io
import json
import math
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import numpy_helper
from PIL import Image

torch.set_num_threads(int(os.environ.get("THREADS", "2")))


class OnnxModule(torch.nn.Module):
    """Runs an ONNX graph with torch ops; float constants with more than one value are parameters."""

    def __init__(self, model: onnx.ModelProto):
        super().__init__()
        self.graph = model.graph
        self.params = torch.nn.ParameterDict()
        self.fixed = {}
        self.param_names = {}
        bn_stats = set()
        for n in self.graph.node:
            if n.op_type == "BatchNormalization":
                bn_stats.update(n.input[3:5])
        for i, n in enumerate(self.graph.node):
            if n.op_type != "Constant":
                continue
            arr = numpy_helper.to_array(n.attribute[0].t)
            t = torch.from_numpy(arr.copy())
            name = n.output[0]
            if t.dtype == torch.float32 and t.numel() > 1 and name not in bn_stats:
                key = f"c{i}"
                self.params[key] = torch.nn.Parameter(t)
                self.param_names[name] = key
            else:
                self.fixed[name] = t
        softmax = [n for n in self.graph.node if n.op_type == "Softmax"][-1]
        self.logits_name = softmax.input[0]

    def to_device(self, device):
        """Parameters and float constants on `device`; integer constants (shapes, indices) stay
        on the CPU beside the shapes the graph computes."""
        self.to(device)
        self.fixed = {k: v.to(device) if v.is_floating_point() else v for k, v in self.fixed.items()}
        return self

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Logits (before the final Softmax), [batch, steps, classes]."""
        env = {self.graph.input[0].name: x}
        env.update(self.fixed)
        for name, key in self.param_names.items():
            env[name] = self.params[key]
        for n in self.graph.node:
            if n.op_type == "Constant":
                continue
            ins = [env[i] if i else None for i in n.input]
            env[n.output[0]] = run_op(n, ins)
            if n.output[0] == self.logits_name:
                return env[n.output[0]]
        raise RuntimeError("no logits")

    def export(self, model: onnx.ModelProto, path: str) -> None:
        for n in model.graph.node:
            if n.op_type == "Constant" and n.output[0] in self.param_names:
                value = self.params[self.param_names[n.output[0]]].detach().cpu().numpy().astype(np.float32)
                n.attribute[0].t.CopyFrom(numpy_helper.from_array(value, n.attribute[0].t.name))
        onnx.save(model, path)


def attrs(n):
    return {a.name: onnx.helper.get_attribute_value(a) for a in n.attribute}


CAST = {1: torch.float32, 6: torch.int32, 7: torch.int64, 9: torch.bool, 11: torch.float64}


def run_op(n, ins):
    op, a = n.op_type, attrs(n)
    if op == "Conv":
        x, w = ins[0], ins[1]
        b = ins[2] if len(ins) > 2 else None
        pads = a.get("pads", [0, 0, 0, 0])
        if pads[0] != pads[2] or pads[1] != pads[3]:
            x = F.pad(x, (pads[1], pads[3], pads[0], pads[2]))
            pad = 0
        else:
            pad = (pads[0], pads[1])
        return F.conv2d(x, w, b, tuple(a.get("strides", [1, 1])), pad, tuple(a.get("dilations", [1, 1])), a.get("group", 1))
    if op == "BatchNormalization":
        return F.batch_norm(ins[0], ins[3], ins[4], ins[1], ins[2], False, 0.0, a.get("epsilon", 1e-5))
    if op == "Mul":
        return ins[0] * ins[1]
    if op == "Add":
        return ins[0] + ins[1]
    if op == "Sub":
        return ins[0] - ins[1]
    if op == "Div":
        return ins[0] / ins[1]
    if op == "Pow":
        return torch.pow(ins[0], ins[1])
    if op == "Sqrt":
        return torch.sqrt(ins[0])
    if op == "Clip":
        lo = ins[1] if len(ins) > 1 and ins[1] is not None else None
        hi = ins[2] if len(ins) > 2 and ins[2] is not None else None
        return torch.clamp(ins[0], None if lo is None else float(lo), None if hi is None else float(hi))
    if op == "Relu":
        return F.relu(ins[0])
    if op == "Sigmoid":
        return torch.sigmoid(ins[0])
    if op == "HardSigmoid":
        return torch.clamp(a.get("alpha", 0.2) * ins[0] + a.get("beta", 0.5), 0, 1)
    if op == "GlobalAveragePool":
        return ins[0].mean(dim=(2, 3), keepdim=True)
    if op == "AveragePool":
        pads = a.get("pads", [0, 0, 0, 0])
        assert pads[0] == pads[2] and pads[1] == pads[3]
        return F.avg_pool2d(ins[0], a["kernel_shape"], a.get("strides", a["kernel_shape"]), (pads[0], pads[1]),
                            ceil_mode=bool(a.get("ceil_mode", 0)), count_include_pad=bool(a.get("count_include_pad", 0)))
    if op == "Shape":
        return torch.tensor(ins[0].shape, dtype=torch.int64)
    if op == "Cast":
        return ins[0].to(CAST[a["to"]])
    if op == "Slice":
        data, starts, ends = ins[0], ins[1].tolist(), ins[2].tolist()
        axes = ins[3].tolist() if len(ins) > 3 and ins[3] is not None else list(range(len(starts)))
        steps = ins[4].tolist() if len(ins) > 4 and ins[4] is not None else [1] * len(starts)
        idx = [slice(None)] * data.dim()
        for s, e, ax, st in zip(starts, ends, axes, steps):
            dim = data.shape[ax]
            s = max(0, min(dim, s + dim if s < 0 else s))
            e = max(0, min(dim, e + dim if e < 0 else e))
            idx[ax] = slice(s, e, st)
        return data[tuple(idx)]
    if op == "Concat":
        return torch.cat(ins, dim=a["axis"])
    if op == "Reshape":
        shape = ins[1].tolist()
        shape = [ins[0].shape[i] if s == 0 else s for i, s in enumerate(shape)]
        return ins[0].reshape(shape)
    if op == "Transpose":
        return ins[0].permute(a["perm"])
    if op == "ReduceMean":
        return ins[0].mean(dim=a["axes"], keepdim=bool(a.get("keepdims", 1)))
    if op == "MatMul":
        return torch.matmul(ins[0], ins[1])
    if op == "Squeeze":
        x = ins[0]
        for ax in sorted(a["axes"], reverse=True):
            x = x.squeeze(ax)
        return x
    if op == "Softmax":
        return torch.softmax(ins[0], dim=a.get("axis", -1))
    raise NotImplementedError(op)


def load_crops(data_dir):
    """Crops with their `pixels`: RGB [h, w, 3] from a crop store, grey [h, w] from a pack."""
    crops = []
    if os.path.exists(os.path.join(data_dir, "pack.jsonl")):
        blob = np.fromfile(os.path.join(data_dir, "pack.bin"), dtype=np.uint8)
        with open(os.path.join(data_dir, "pack.jsonl"), encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                data = blob[r["offset"]: r["offset"] + r["length"]].tobytes()
                r["pixels"] = np.asarray(Image.open(io.BytesIO(data)).convert("L"))
                crops.append(r)
        return crops
    blob = np.fromfile(os.path.join(data_dir, "crops.bin"), dtype=np.uint8)
    with open(os.path.join(data_dir, "crops.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            n = r["width"] * r["height"] * 3
            r["pixels"] = blob[r["offset"]: r["offset"] + n].reshape(r["height"], r["width"], 3)
            crops.append(r)
    return crops


def repeated_crops(spec):
    """The crops of `<dir>` or `<dir>@K`: K times over, so a small set of real crops weighs more
    beside many rendered ones (each pass then meets it K times, each time jittered anew)."""
    path, _, times = spec.rpartition("@") if "@" in spec else (spec, "", "1")
    return load_crops(path) * int(times)


def case_key(ch):
    """The case-merged target of a character: its capital, where the capital's small letter is the
    character's own. Turkish dotless `ı`, long `ſ`, `ß` and the micro sign keep their own target:
    merged with `I` or `S`, an upper-case label would let the model write them for any i or s."""
    up = ch.upper()
    return up if len(up) == 1 and up.lower() == ch.lower() else ch


class Targets:
    """Target classes. Case-merged: a label character matches every kept class with its upper-case
    form (for labels written in capitals whatever the print says); exact: the class of the character."""

    def __init__(self, classes):
        self.keep = classes["keep"]
        groups = {}
        for j, ch in enumerate(classes["chars"]):
            if j == 0:
                continue
            groups.setdefault(case_key(ch), []).append(j)
        self.symbols = sorted(groups)
        self.index = {s: g + 1 for g, s in enumerate(self.symbols)}
        merge = torch.zeros(len(self.keep), len(self.symbols) + 1)
        merge[0, 0] = 1
        for s, js in groups.items():
            for j in js:
                merge[j, self.index[s]] = 1
        self.merge = merge
        # Labels written without spaces: the space class joins the blank, so a space read where
        # the print has one costs nothing and the label's characters still align.
        spaceless = merge.clone()
        if " " in self.index:
            spaceless[:, 0] += spaceless[:, self.index[" "]]
            spaceless[:, self.index[" "]] = 0
        self.merge_spaceless = spaceless
        self.exact = {}
        for j, ch in enumerate(classes["chars"]):
            if j > 0:
                self.exact.setdefault(ch, j)

    def encode(self, text, exact=False, spaceless=False):
        if spaceless:
            text = "".join(text.split())
        out = [self.exact.get(ch) for ch in text] if exact else [self.index.get(case_key(ch)) for ch in text]
        return None if not out or any(o is None for o in out) else out


def read_dictionary(path):
    """Classes of a dictionary file: the blank, one character a line, then the space."""
    with open(path, encoding="utf-8") as f:
        chars = f.read().split("\n")
    if chars and chars[-1] == "":
        chars.pop()
    chars = [""] + chars + [" "]
    return {"keep": list(range(len(chars))), "chars": chars}


def ctc(logp, labels):
    """Mean CTC loss of a batch of [steps, batch, classes] log-probabilities."""
    dev = logp.device
    flat = torch.tensor([t for l in labels for t in l], dtype=torch.long, device=dev)
    return F.ctc_loss(logp, flat, torch.full((len(labels),), logp.shape[0], dtype=torch.long, device=dev),
                      torch.tensor([len(l) for l in labels], dtype=torch.long, device=dev), blank=0, zero_infinity=True)


def trimmed(px, jitter):
    """A rendered crop cut as tight as the detector cuts lines: the detector's box follows the
    letters' bodies and clips what rises above the capitals (the caron of `Ď`, the acute of `É`),
    while the renderer leaves a margin round the whole line. Half the crops lose up to a fifth of
    their height at the top, a third up to a tenth at the bottom."""
    h = px.shape[0]
    top = int(h * jitter.uniform(0, 0.2)) if jitter.random() < 0.5 else 0
    bottom = int(h * jitter.uniform(0, 0.1)) if jitter.random() < 0.33 else 0
    return px[top: h - bottom]


def batch_tensor(crops, scale, height=48, jitter=None, trim=False):
    """Crops (natural width) resized to `height`, squeezed by `scale`, padded. With `jitter` (a
    seeded numpy Generator) each crop also gets its own contrast, brightness and, now and then,
    grain: the real crops come round many times on a GPU, and should not look the same each time.
    With `trim` too, rendered (exact) crops are cut as tight as detector crops (`trimmed`)."""
    pixels = [trimmed(c["pixels"], jitter) if trim and jitter is not None and c.get("exact") else c["pixels"] for c in crops]
    widths = [max(8, int(round(px.shape[1] * scale * height / px.shape[0]))) for px in pixels]
    width = max(32, int(math.ceil(max(widths) / 8) * 8))
    x = torch.zeros(len(crops), 3, height, width)
    for k, (px, w) in enumerate(zip(pixels, widths)):
        if px.ndim == 2:
            img = torch.from_numpy(px.copy())[None].float().expand(3, -1, -1)
        else:
            img = torch.from_numpy(px[:, :, ::-1].copy()).permute(2, 0, 1).float()  # RGB -> BGR planes
        if img.shape[1] != height or img.shape[2] != w:
            img = F.interpolate(img[None], size=(height, w), mode="bilinear", align_corners=False, antialias=height < img.shape[1])[0]
        img = img / 127.5 - 1
        if jitter is not None:
            img = img * jitter.uniform(0.7, 1.1) + jitter.uniform(-0.15, 0.15)
            if jitter.random() < 0.3:
                g = torch.from_numpy(jitter.standard_normal((1, height, w)).astype(np.float32))
                img = img + g * jitter.uniform(0.02, 0.08)
            img = img.clamp(-1, 1)
        x[k, :, :, :w] = img
    return x


def greedy(logits, keep_idx, chars):
    best = logits[:, :, keep_idx].argmax(-1)
    texts = []
    for row in best.tolist():
        prev, s = -1, []
        for c in row:
            if c != 0 and c != prev:
                s.append(chars[c])
            prev = c
        texts.append("".join(s))
    return texts


def evaluate(module, crops, keep_idx, chars, scale, height=48):
    module.eval()
    right = 0
    with torch.no_grad():
        ordered = sorted(crops, key=lambda c: c["width"])
        for i in range(0, len(ordered), 16):
            b = ordered[i: i + 16]
            x = batch_tensor(b, scale, height).to(keep_idx.device)
            for c, t in zip(b, greedy(module(x), keep_idx, chars)):
                right += norm(t) == norm(c["text"])
    return right / max(1, len(crops))


def norm(s):
    return "".join(s.upper().split())


def batch_loss(logits, crops, merge):
    """Mean loss of a batch's crops, each in its own kind of target (exact, case-merged, or
    case-merged without spaces); `merge` maps spaceless to its class-merging matrix."""
    loss = 0
    for exact, spaceless in ((False, False), (False, True), (True, False)):
        rows = [k for k, c in enumerate(crops) if c["exact"] == exact and c["spaceless"] == spaceless]
        if not rows:
            continue
        part = logits[rows]
        if exact:
            logp = torch.log_softmax(part, -1)
        else:
            logp = torch.log((torch.softmax(part, -1) @ merge[spaceless]).clamp_min(1e-12))
        loss = loss + ctc(logp.permute(1, 0, 2), [crops[k]["target"] for k in rows]) * len(rows) / len(crops)
    return loss


def learning_rate(step, total, warmup, peak):
    """Linear warm-up, then a cosine down to zero at `total` steps."""
    if step < warmup:
        return peak * (step + 1) / warmup
    return peak * 0.5 * (1 + math.cos(math.pi * min(1.0, (step - warmup) / max(1, total - warmup))))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True)
    p.add_argument("--data", action="append", default=[], help="crops whose labels are read case-merged (<dir>[@K]: K times over)")
    p.add_argument("--data-exact", action="append", default=[], help="crops whose labels give the exact case (<dir>[@K])")
    p.add_argument("--charset", help="the model's dictionary (all its classes are trained); else classes.json of the first --data")
    p.add_argument("--eval")
    p.add_argument("--out", required=True)
    p.add_argument("--epochs", type=float, default=2, help="length of the schedule in passes over the data")
    p.add_argument("--steps", type=int, default=0, help="length of the schedule in steps (instead of --epochs)")
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--warmup", type=float, default=0.1, help="share of the schedule spent warming up")
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--height", type=int, default=48, help="recogniser input height to train for")
    p.add_argument("--scale-min", type=float, default=0.6)
    p.add_argument("--scale-max", type=float, default=1.0)
    p.add_argument("--jitter", action="store_true", help="per-crop contrast, brightness and grain")
    p.add_argument("--trim", action="store_true", help="with --jitter: cut rendered crops as tight as the detector does")
    p.add_argument("--device", default="auto", help="auto (a CUDA GPU when there is one), cpu or cuda")
    p.add_argument("--micro-batch", type=int, default=0,
                   help="crops run through the model at once, gradients summed over the batch "
                        "(0: the whole batch on a GPU, 16 on the CPU, where 128 wide crops take more than 24 GB)")
    p.add_argument("--checkpoint-every", type=int, default=0, help="also write the model every N steps")
    p.add_argument("--stop-after", type=int, default=0,
                   help="end after N steps (the learning-rate schedule keeps its length), writing the model")
    args = p.parse_args()
    random.seed(args.seed)
    torch.manual_seed(args.seed)
    device = torch.device("cuda" if args.device == "auto" and torch.cuda.is_available() else
                          args.device if args.device != "auto" else "cpu")

    model = onnx.load(args.model)
    if args.height != 48:
        # The backbone leaves height/16 feature rows; the pooling before the sequence head must
        # take them all (PP-OCRv4 pools 3 rows of a 48 px input). Its window follows the height.
        for n in model.graph.node:
            if n.op_type == "AveragePool":
                for a in n.attribute:
                    if a.name == "kernel_shape":
                        a.ints[0] = args.height // 16
    module = OnnxModule(model).to_device(device)
    classes = read_dictionary(args.charset) if args.charset else json.load(open(os.path.join(args.data[0], "classes.json")))
    targets = Targets(classes)
    merge = {False: targets.merge.to(device), True: targets.merge_spaceless.to(device)}
    keep_idx = torch.tensor(classes["keep"], device=device)
    chars = classes["chars"]

    def kept(c, exact):
        # Spaceless labels are read case-merged: such labels (WildReceipt's) are typed by people.
        spaceless = bool(c.get("spaceless"))
        exact = exact and not spaceless
        return dict(c, exact=exact, spaceless=spaceless, target=targets.encode(c["text"], exact, spaceless))

    train = [kept(c, False) for d in args.data for c in repeated_crops(d)]
    train += [kept(c, True) for d in args.data_exact for c in repeated_crops(d)]
    train = [c for c in train if c["target"]]
    held = load_crops(args.eval) if args.eval else []
    print(f"{len(train)} training crops, {len(held)} held out, {sum(p.numel() for p in module.parameters())} parameters, "
          f"on {device}", flush=True)
    if held:
        print(f"held-out exact lines before: {evaluate(module, held, keep_idx, chars, 0.7, args.height):.4f}", flush=True)

    opt = torch.optim.AdamW(module.parameters(), lr=args.lr, weight_decay=0.0)
    micro = args.micro_batch or (args.batch if device.type == "cuda" else min(args.batch, 16))
    steps_per_epoch = math.ceil(len(train) / args.batch)
    total = args.steps or int(steps_per_epoch * args.epochs)

    def batches():
        """(crops, width scale, jitter seed) for ever, epoch after epoch, from the seeded RNG.
        Batches of similar widths (little padding) in random order; the width scale varies per
        batch so the model reads both the squeezed first pass and the natural-width second look."""
        while True:
            order = sorted(train, key=lambda c: c["width"] * random.uniform(0.9, 1.1))
            chunks = [order[i: i + args.batch] for i in range(0, len(order), args.batch)]
            random.shuffle(chunks)
            for b in chunks:
                yield b, random.uniform(args.scale_min, args.scale_max), random.getrandbits(32)

    def make(item):
        b, scale, seed = item
        jitter = np.random.default_rng(seed) if args.jitter else None
        return b, batch_tensor(b, scale, args.height, jitter, args.trim)

    # Batches are made on CPU threads ahead of the step that takes them (in order, so the run
    # stays the same for a seed).
    pool = ThreadPoolExecutor(max_workers=4 if device.type == "cuda" else 1)
    source = batches()
    ahead = [pool.submit(make, next(source)) for _ in range(8 if device.type == "cuda" else 1)]
    step, t0 = 0, time.time()
    while step < total:
        b, x = ahead.pop(0).result()
        ahead.append(pool.submit(make, next(source)))
        module.train()
        for g in opt.param_groups:
            g["lr"] = learning_rate(step, total, int(args.warmup * total), args.lr)
        # The batch in parts of `micro` crops, gradients summed: the same step in less memory
        # (batch norm runs on fixed statistics, so crops do not affect each other).
        opt.zero_grad()
        loss = 0.0
        for lo in range(0, len(b), micro):
            part_loss = batch_loss(module(x[lo: lo + micro].to(device, non_blocking=True))[:, :, keep_idx],
                                   b[lo: lo + micro], merge) * min(micro, len(b) - lo) / len(b)
            part_loss.backward()
            loss += part_loss.item()
        torch.nn.utils.clip_grad_norm_(module.parameters(), 5.0)
        opt.step()
        step += 1
        if step % 100 == 0:
            print(f"step {step}/{total} loss {loss:.3f} lr {opt.param_groups[0]['lr']:.2e} {time.time() - t0:.0f}s", flush=True)
        if args.checkpoint_every and step % args.checkpoint_every == 0 and step < total:
            module.export(model, args.out)
            print("checkpoint", args.out, flush=True)
        if args.stop_after and step >= args.stop_after:
            break
    pool.shutdown(cancel_futures=True)
    module.export(model, args.out)
    print(f"wrote {args.out} after {step} steps ({step * args.batch / len(train):.1f} passes) in {time.time() - t0:.0f}s", flush=True)
    if held:
        print(f"held-out exact lines after: {evaluate(module, held, keep_idx, chars, 0.7, args.height):.4f}", flush=True)


if __name__ == "__main__":
    main()
