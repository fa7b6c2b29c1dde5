/**
 * Fits the confidence model (engine/src/extract/calibration-weights.ts) on labelled receipts:
 * `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR [--write]`.
 *
 * Page text comes from `DIR/sroie.jsonl` and `DIR/wildreceipt.jsonl` (lines of `cli ocr --json`),
 * so the fit sees the recogniser's real mistakes. Each labelled field's chosen value gives one
 * example (its confidence features, and whether it matched the label); a logistic regression per
 * group of fields (amounts, dates, names, addresses) is fitted, and one over all examples serves
 * the other fields. Printed: the weights and the expected calibration error of a two-fold split
 * (fit on one half, measured on the other), so the figure is not only in-sample.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CalibrationGroup } from '../../engine/src/extract/calibration-weights.js';
import { featureVector, type ConfidenceFeatures } from '../../engine/src/extract/confidence.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { reliability } from './extract-scores.js';
import { matches, readOcrCache, sroie, wildReceipt, type Sample } from './extract-truth.js';

interface Example {
  group: CalibrationGroup;
  x: number[];
  y: number;
  doc: number;
}

interface Model {
  bias: number;
  weights: number[];
}

function examplesFrom(samples: readonly Sample[], cacheFile: string, docOffset: number): Example[] {
  const pages = readOcrCache(cacheFile);
  const out: Example[] = [];
  samples.forEach((s, n) => {
    const p = pages.get(s.file);
    if (!p) return;
    const seen = new Map<string, { group: CalibrationGroup; features: ConfidenceFeatures }>();
    const ex = extractFromText({ pages: p }, templateVersion(s.type), {
      onFeatures: (path, group, features) => seen.set(path, { group, features }),
    });
    for (const t of s.fields) {
      const f = seen.get(t.path);
      if (!f || t.expected === null || t.expected === '') continue;
      out.push({ group: f.group, x: featureVector(f.features), y: matches(t, ex.data[t.path]) ? 1 : 0, doc: docOffset + n });
    }
  });
  return out;
}

/** Logistic regression by Newton's method, with a little L2 so small groups stay sensible. */
function fit(examples: readonly Example[]): Model {
  const d = (examples[0]?.x.length ?? 6) + 1;
  const beta = new Array<number>(d).fill(0);
  const l2 = 0.5;
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const e of examples) {
      const x = [1, ...e.x];
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * beta[i], 0)));
      for (let i = 0; i < d; i++) {
        grad[i] += (p - e.y) * x[i];
        for (let j = 0; j < d; j++) hess[i][j] += p * (1 - p) * x[i] * x[j];
      }
    }
    // The bias is not shrunk.
    for (let i = 1; i < d; i++) {
      grad[i] += l2 * beta[i];
      hess[i][i] += l2;
    }
    const step = solve(hess, grad);
    for (let i = 0; i < d; i++) beta[i] -= step[i];
    if (Math.max(...step.map(Math.abs)) < 1e-6) break;
  }
  return { bias: round(beta[0]), weights: beta.slice(1).map(round) };
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}

const GROUPS: CalibrationGroup[] = ['amount', 'date', 'name', 'address'];

function fitAll(examples: readonly Example[]): Record<CalibrationGroup, Model> {
  const models = { other: fit(examples) } as Record<CalibrationGroup, Model>;
  for (const g of GROUPS) {
    const of = examples.filter((e) => e.group === g);
    models[g] = of.length >= 20 ? fit(of) : models.other;
  }
  return models;
}

function predict(m: Model, x: number[]): number {
  let z = m.bias;
  for (let i = 0; i < x.length; i++) z += m.weights[i] * x[i];
  return 1 / (1 + Math.exp(-z));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function main() {
  const { values } = parseArgs({ options: { 'ocr-cache': { type: 'string' }, write: { type: 'boolean', default: false } } });
  const dir = values['ocr-cache'];
  if (!dir || !existsSync(join(dir, 'sroie.jsonl'))) {
    console.log('skipped: --ocr-cache DIR with sroie.jsonl (and wildreceipt.jsonl) from `cli ocr --json` is needed');
    return;
  }
  // No wildreceipt.jsonl: SROIE alone.
  const examples = [...examplesFrom(sroie(), join(dir, 'sroie.jsonl'), 0), ...examplesFrom(wildReceipt(), join(dir, 'wildreceipt.jsonl'), 100_000)];

  // Two folds by document: fit on one, measure on the other.
  const heldOut = [];
  for (const fold of [0, 1]) {
    const models = fitAll(examples.filter((e) => e.doc % 2 !== fold));
    for (const e of examples.filter((e) => e.doc % 2 === fold)) {
      heldOut.push({ dataset: '', field: e.group, correct: e.y === 1, found: true, confidence: predict(models[e.group], e.x), reviewed: false });
    }
  }
  const models = fitAll(examples);
  console.log(`${examples.length} examples; by group: ${GROUPS.map((g) => `${g} ${examples.filter((e) => e.group === g).length}`).join(', ')}`);
  console.log(`two-fold held-out expected calibration error: ${reliability(heldOut).ece}`);
  console.table(reliability(heldOut).buckets);
  console.log(JSON.stringify(models));
  if (values.write) {
    const file = new URL('../../engine/src/extract/calibration-weights.ts', import.meta.url);
    const text = readFileSync(file, 'utf8').replace(/(\/\/ FITTED[^\n]*\n)[\s\S]*?(\n\/\/ END FITTED)/, `$1export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = ${JSON.stringify(models, null, 2)};$2`);
    writeFileSync(file, text);
    console.log('written to engine/src/extract/calibration-weights.ts');
  }
}

main();
