#!/usr/bin/env python3
"""Trains the layout model and exports it to ONNX.

    python3 models/layout/train_layout.py --examples models/layout/work/examples.jsonl \
        --out models/layout/work [--epochs 40] [--seed 7] [--members 3]

Input: the examples build-examples.ts writes (one document per line: sparse line features,
roles per line, the roles its source labels). The model reads every line of a document at once:
each line's features (hashed character n-grams, shape and place) go through a small feed-forward
layer, then two self-attention blocks let lines look at each other (a value beside its label, a
name above an address), and a sigmoid per role says how likely the line holds that role. Several
roles may be true of one line. Roles a source does not label are left out of its loss. `--members N` models are trained from
seeds seed..seed+N-1 and exported as one graph that averages their probabilities: one model's
answer on a rare layout depends on its seed, the average much less.

Writes OUT/layout-roles.onnx (input `features` [1, lines, F], output `roles` [1, lines, R]) and
OUT/metrics.json (validation precision, recall and F1 per role at 0.5, the epochs, the counts).
Deterministic for a seed on one machine: fixed seeds, two threads, deterministic algorithms.
With `--folds K --fold k` the SROIE receipts of fold k (CRC-32 of the id mod K) are left out, for
cross-validated tuning (models/layout/cross-validate.sh).
"""
import argparse
import json
import math
import random
import time
import zlib

import torch
from torch import nn


def load(path):
    docs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                docs.append(json.loads(line))
    return docs


class Block(nn.Module):
    """Pre-norm self-attention and feed-forward, written out so that it exports to plain ONNX ops."""

    def __init__(self, d, heads, ff, dropout):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, ff), nn.GELU(), nn.Linear(ff, d))
        self.drop = nn.Dropout(dropout)

    def forward(self, x, bias):
        b, n, d = x.shape
        dh = d // self.heads
        q, k, v = self.qkv(self.ln1(x)).chunk(3, dim=-1)
        q = q.reshape(b, n, self.heads, dh).transpose(1, 2)
        k = k.reshape(b, n, self.heads, dh).transpose(1, 2)
        v = v.reshape(b, n, self.heads, dh).transpose(1, 2)
        att = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh) + bias
        att = torch.softmax(att, dim=-1)
        out = torch.matmul(att, v).transpose(1, 2).reshape(b, n, d)
        x = x + self.drop(self.proj(out))
        return x + self.drop(self.ff(self.ln2(x)))


class Ensemble(nn.Module):
    """Members' probabilities averaged; `logits` gives the average back as a logit for evaluation."""

    def __init__(self, members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def logits(self, x, bias):
        p = torch.stack([torch.sigmoid(m.logits(x, bias)) for m in self.members]).mean(dim=0)
        return torch.logit(p.clamp(1e-6, 1 - 1e-6))

    def forward(self, x):
        bias = torch.zeros(1, device=x.device)
        return torch.stack([torch.sigmoid(m.logits(x, bias)) for m in self.members]).mean(dim=0)


class LayoutRoles(nn.Module):
    def __init__(self, features, roles, d=128, heads=4, layers=2, ff=256, dropout=0.1):
        super().__init__()
        self.embed = nn.Sequential(nn.Dropout(dropout), nn.Linear(features, d), nn.GELU(), nn.Linear(d, d))
        self.blocks = nn.ModuleList([Block(d, heads, ff, dropout) for _ in range(layers)])
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, roles)

    def logits(self, x, bias):
        h = self.embed(x)
        for block in self.blocks:
            h = block(h, bias)
        return self.head(self.ln(h))

    def forward(self, x):
        # Inference: one document, no padding.
        return torch.sigmoid(self.logits(x, torch.zeros(1, device=x.device)))


def dense(doc, features, roles):
    """A document's features and roles as dense tensors, made once (building them is the slow part)."""
    n = len(doc["features"])
    rows, cols, vals = [], [], []
    for j, row in enumerate(doc["features"]):
        for k, v in row:
            rows.append(j)
            cols.append(k)
            vals.append(v)
    x = torch.zeros(n, features)
    x[torch.tensor(rows, dtype=torch.long), torch.tensor(cols, dtype=torch.long)] = torch.tensor(vals)
    y = torch.zeros(n, roles)
    for j, rs in enumerate(doc["roles"]):
        for r in rs:
            y[j, r] = 1
    sup = torch.zeros(roles)
    sup[doc["supervised"]] = 1
    doc["x"], doc["y"], doc["sup"] = x, y, sup
    return doc


def batch_tensors(docs, features, roles):
    n = max(d["x"].shape[0] for d in docs)
    x = torch.zeros(len(docs), n, features)
    y = torch.zeros(len(docs), n, roles)
    mask = torch.zeros(len(docs), n, roles)
    bias = torch.full((len(docs), 1, 1, n), -1e4)
    for i, d in enumerate(docs):
        lines = d["x"].shape[0]
        x[i, :lines] = d["x"]
        y[i, :lines] = d["y"]
        mask[i, :lines] = d["sup"]
        bias[i, 0, 0, :lines] = 0
    return x, y, mask, bias


def evaluate(model, docs, features, roles, batch):
    model.eval()
    tp = torch.zeros(roles)
    fp = torch.zeros(roles)
    fn = torch.zeros(roles)
    loss_sum, weight = 0.0, 0.0
    with torch.no_grad():
        for i in range(0, len(docs), batch):
            x, y, mask, bias = batch_tensors(docs[i : i + batch], features, roles)
            logits = model.logits(x, bias)
            loss = nn.functional.binary_cross_entropy_with_logits(logits, y, reduction="none")
            loss_sum += float((loss * mask).sum())
            weight += float(mask.sum())
            pred = (logits > 0).float()
            tp += (pred * y * mask).sum(dim=(0, 1))
            fp += (pred * (1 - y) * mask).sum(dim=(0, 1))
            fn += ((1 - pred) * y * mask).sum(dim=(0, 1))
    precision = tp / (tp + fp).clamp(min=1)
    recall = tp / (tp + fn).clamp(min=1)
    f1 = 2 * precision * recall / (precision + recall).clamp(min=1e-9)
    return loss_sum / max(weight, 1), precision, recall, f1, tp + fn


def train_member(args, seed, train, val, features, roles, started):
    """One model from one seed, stopped early on the validation loss; its best state and how it ran."""
    random.seed(seed)
    torch.manual_seed(seed)
    train = list(train)
    model = LayoutRoles(features, roles)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps = args.epochs * math.ceil(len(train) / args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.1)
    pos_weight = torch.full((roles,), 2.0)
    best, best_state, best_epoch, waited = float("inf"), None, 0, 0
    for epoch in range(1, args.epochs + 1):
        model.train()
        random.shuffle(train)
        # Documents of similar length together: less padding.
        order = sorted(range(len(train)), key=lambda i: len(train[i]["features"]) + random.random() * 20)
        chunks = [order[i : i + args.batch] for i in range(0, len(order), args.batch)]
        random.shuffle(chunks)
        total = 0.0
        for chunk in chunks:
            x, y, mask, bias = batch_tensors([train[i] for i in chunk], features, roles)
            logits = model.logits(x, bias)
            loss = nn.functional.binary_cross_entropy_with_logits(logits, y, reduction="none", pos_weight=pos_weight)
            loss = (loss * mask).sum() / mask.sum().clamp(min=1)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            total += float(loss)
        val_loss, _, _, f1, _ = evaluate(model, val, features, roles, args.batch)
        print(f"seed {seed} epoch {epoch}: train loss {total / len(chunks):.4f}, validation loss {val_loss:.4f}, mean F1 {float(f1.mean()):.3f} ({time.time() - started:.0f} s)", flush=True)
        if val_loss < best:
            best, best_epoch, waited = val_loss, epoch, 0
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
        else:
            waited += 1
            if waited >= args.patience:
                break
    model.load_state_dict(best_state)
    model.eval()
    return model, {"seed": seed, "epochs_run": epoch, "best_epoch": best_epoch, "validation_loss": round(best, 4)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--examples", default="models/layout/work/examples.jsonl")
    ap.add_argument("--out", default="models/layout/work")
    ap.add_argument("--roles", default="models/layout/work/roles.json", help="role names in output order (written by build-examples.ts)")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--patience", type=int, default=6)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--members", type=int, default=3)
    ap.add_argument("--folds", type=int, default=0, help="cross-validation (models/layout/cross-validate.sh): SROIE receipts fall into this many folds by CRC-32 of their id")
    ap.add_argument("--fold", type=int, default=0, help="with --folds: the fold left out of training and validation")
    args = ap.parse_args()

    random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)

    meta = json.load(open(args.roles, encoding="utf-8"))
    role_names, features = meta["roles"], meta["features"]
    roles = len(role_names)
    docs = [dense(d, features, roles) for d in load(args.examples)]
    if args.folds:
        # The fold's SROIE receipts are neither trained nor validated on: tune.ts --cv reads them with this model.
        docs = [d for d in docs if not (d["source"] == "sroie" and zlib.crc32(d["id"].encode("utf-8")) % args.folds == args.fold)]
    train = [d for d in docs if d["part"] == "train"]
    val = [d for d in docs if d["part"] == "validation"]
    print(f"{len(train)} training and {len(val)} validation documents, {features} features, {roles} roles")

    started = time.time()
    members, runs = [], []
    for m in range(args.members):
        model, run = train_member(args, args.seed + m, train, val, features, roles, started)
        members.append(model)
        runs.append(run)
    model = Ensemble(members) if len(members) > 1 else members[0]
    val_loss, precision, recall, f1, support = evaluate(model, val, features, roles, args.batch)

    model.eval()
    onnx_path = f"{args.out}/layout-roles.onnx"
    dummy = torch.zeros(1, 7, features)
    torch.onnx.export(
        model,
        dummy,
        onnx_path,
        input_names=["features"],
        output_names=["roles"],
        dynamic_axes={"features": {1: "lines"}, "roles": {1: "lines"}},
        opset_version=13,
        do_constant_folding=True,
    )
    import onnx

    onnx.checker.check_model(onnx.load(onnx_path))
    metrics = {
        "seed": args.seed,
        "members": runs,
        "seconds": round(time.time() - started),
        "documents": {"train": len(train), "validation": len(val)},
        "by_source": {s: sum(1 for d in train if d["source"] == s) for s in sorted({d["source"] for d in docs})},
        "parameters": sum(p.numel() for p in model.parameters()),
        "validation_loss": round(val_loss, 4),
        "validation": {
            name: {"precision": round(float(precision[i]), 3), "recall": round(float(recall[i]), 3), "f1": round(float(f1[i]), 3), "lines": int(support[i])}
            for i, name in enumerate(role_names)
        },
    }
    json.dump(metrics, open(f"{args.out}/metrics.json", "w"), indent=2)
    print(json.dumps(metrics["validation"], indent=1))
    print(f"wrote {onnx_path} ({len(runs)} members, best epochs {[r['best_epoch'] for r in runs]}, validation loss {val_loss:.4f})")


if __name__ == "__main__":
    main()
