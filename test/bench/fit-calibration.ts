/**
 * Fits the confidence model and the review thresholds (engine/src/extract/calibration-weights.ts)
 * on the tuning part of every dataset together:
 * `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR [--scans] [--handmade] [--write]`.
 *
 * Documents (never the benchmark's held-out ones; models/layout/split.ts):
 * - SROIE: the 426 training receipts without images, from their ground-truth lines; with
 *   `--scans`, also the same receipts printed as scans and read by OCR (sroie-rendered.ts; reads
 *   kept in `DIR/sroie-rendered.jsonl`), the recogniser's confidences on scanned receipts (tried
 *   2026-11-27 and not shipped: docs/benchmarks.md);
 * - WildReceipt: the training half, page text from `DIR/wildreceipt.jsonl` (`cli ocr --json`), so
 *   the fit sees the recogniser's real mistakes;
 * - ZUGFeRD: the training half, read from the PDF's text with the embedded XML ignored;
 * - card slips: the tuning parts of cardslips-dev and of the public slips (test/fixtures/
 *   cardslips-public) and synthetic slips (models/slips, seeds from 1) as text, and synthetic
 *   slips rendered as thermal prints and read by OCR;
 * - with `--handmade`, the hand-made slips and till receipts (test/fixtures/handmade-slips), all
 *   of them (tried 2026-11-27 and not shipped: docs/benchmarks.md).
 *
 * Each chosen value with a label gives one example (its confidence features, and whether it
 * matched); a logistic regression per group of fields is fitted, each dataset weighing the same.
 * Then one threshold per group: a document goes to review when a value's confidence is under its
 * group's threshold (or a check fails). The thresholds are chosen to let as many documents as
 * possible pass straight through while, on every dataset, at most 1.5% of documents pass with a
 * wrong or missing value (`--silent` sets how documents with values missing only count).
 * Printed: the expected calibration error of a two-fold split by document, and per dataset the share of documents read all right, the straight-through and
 * silent-error rates of the thresholds, and the most documents a threshold on the product of a
 * document's confidences could pass with at most 2% passing wrong (an upper bound).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CALIBRATION, REVIEW_THRESHOLDS, type CalibrationGroup } from '../../engine/src/extract/calibration-weights.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { calibrationGroup, featureVector, type ConfidenceFeatures } from '../../engine/src/extract/confidence.js';
import type { ValueKind } from '../../engine/src/extract/find/field-kinds.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { layoutDocument, type TextPage } from '../../engine/src/extract/layout/document-text.js';
import type { LayoutModel } from '../../engine/src/extract/layout-model/layout-model.js';
import { Engine } from '../../engine/src/node/engine.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { hashedPart } from '../../models/layout/split.js';
import { ocrPages } from '../../models/layout/ocr-pages.js';
import { sroiePages } from '../../models/layout/sroie-lines.js';
import { loadLayoutModel } from '../../models/src/load-layout-model.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { slipClientOcr } from '../support/slip-text.js';
import { renderedSroiePages } from './sroie-rendered.js';
import { reliability, valueAt } from './extract-scores.js';
import { cardSlips, DATASETS, handmadeSlips, PUBLIC_SLIPS, matches, norm, readOcrCache, slipFields, sroieFields, wildReceipt, zugferd, type FieldTruth, type Sample } from './extract-truth.js';

interface FieldObs {
  /** The value's kind: its group is the engine's calibrationGroup of it, so saved observations serve a regrouping. */
  kind: ValueKind;
  group: CalibrationGroup;
  x: number[];
  /** Matches its label; null where the document has no label for it. */
  correct: boolean | null;
}

interface DocObs {
  dataset: string;
  doc: number;
  fields: FieldObs[];
  /** Sent to review by its checks alone (a required value missing, a rule failed). */
  checks: boolean;
  /** Every labelled value right (a missing one is wrong). */
  allCorrect: boolean;
}

interface Model {
  bias: number;
  weights: number[];
}

const GROUPS: CalibrationGroup[] = ['total', 'amount', 'date', 'name', 'address', 'other'];
const SILENT_AT_MOST = 0.015;

let nextDoc = 0;

/**
 * One document extracted as the engine does with its layout model, observed field by field.
 * `printedLines`: a text label that these printed lines do not hold (letters and digits, in order)
 * counts as no label. SROIE's ground-truth lines and its labels were typed apart and disagree in
 * places (`MR D.T.Y.` printed, `MR D.I.Y.` labelled); the engine reads what the lines say, and no
 * confidence can flag a difference the text does not show.
 */
async function observe(dataset: string, pages: TextPage[], type: Sample['type'], truths: readonly FieldTruth[], model: LayoutModel | null, printedLines?: TextPage[]): Promise<DocObs> {
  const seen = new Map<string, { kind: ValueKind; features: ConfidenceFeatures }>();
  const roles = model ? await model.roles(layoutDocument(pages)) : null;
  const ex = extractFromText({ pages }, templateVersion(type), {
    roles,
    now: new Date('2026-11-25T12:00:00Z'),
    // No value is under 0: review comes from the checks alone.
    reviewBelow: 0,
    onFeatures: (path, _group, features, kind) => seen.set(path, { kind, features }),
  });
  const printed = printedLines ? norm(printedLines.flatMap((p) => p.lines.map((l) => l.text)).join(' ')) : null;
  const labelled = truths.filter((t) => t.expected !== null && t.expected !== '' && (printed === null || t.compare !== 'text' || printed.includes(norm(t.expected))));
  // A value dropped by its checks (null in `data`) has no confidence to review it by.
  const fields: FieldObs[] = [...seen]
    .filter(([path]) => valueAt(ex.data, path) !== null && valueAt(ex.data, path) !== undefined)
    .map(([path, f]) => {
      const t = labelled.find((l) => l.path === path);
      return { kind: f.kind, group: calibrationGroup(f.kind), x: featureVector(f.features), correct: t ? matches(t, valueAt(ex.data, path)) : null };
    });
  return { dataset, doc: nextDoc++, fields, checks: ex.review.required, allCorrect: labelled.every((t) => matches(t, valueAt(ex.data, t.path))) };
}

async function collect(cacheDir: string, scans: boolean, handmade: boolean): Promise<DocObs[]> {
  const model = await loadLayoutModel(createOnnxNodeRuntime(), packageFileSource()).catch(() => null);
  const engine = new Engine({ layoutModel: false });
  const docs: DocObs[] = [];
  try {
    const sroieDir = join(DATASETS, 'sroie-train');
    const withImage = new Set(readdirSync(join(sroieDir, 'img')).map((f) => f.replace(/\.jpg$/, '')));
    // Each tuning receipt read once: its ground-truth lines (the page text, and what its labels are checked against) and labels.
    const receipts = readdirSync(join(sroieDir, 'box'))
      .map((f) => f.replace(/\.txt$/, ''))
      .filter((id) => !withImage.has(id))
      .sort()
      .map((id) => ({
        id,
        lines: sroiePages(join(sroieDir, 'box', `${id}.txt`)),
        truth: sroieFields(JSON.parse(readFileSync(join(sroieDir, 'entities', `${id}.txt`), 'utf8')) as Record<string, string>),
      }));
    for (const r of receipts) docs.push(await observe('sroie text', r.lines, 'retail_receipt', r.truth, model, r.lines));
    if (scans) {
      const scanned = await renderedSroiePages(engine, sroieDir, receipts.map((r) => r.id), join(cacheDir, 'sroie-rendered.jsonl'));
      for (const r of receipts) docs.push(await observe('sroie rendered', scanned.get(r.id) ?? [], 'retail_receipt', r.truth, model, r.lines));
    }
    const wild = readOcrCache(join(cacheDir, 'wildreceipt.jsonl'));
    for (const s of wildReceipt().filter((s) => hashedPart(s.id) !== 'held_out')) {
      const pages = wild.get(s.file);
      if (pages) docs.push(await observe('wildreceipt', pages, s.type, s.fields, model));
    }
    for (const s of zugferd().filter((s) => hashedPart(s.id) !== 'held_out')) {
      const pages = await ocrPages(engine, new Uint8Array(readFileSync(s.file)), s.type, { embedded_data: false });
      docs.push(await observe('zugferd', pages, s.type, s.fields, model));
    }
    for (const s of [...cardSlips(), ...cardSlips(PUBLIC_SLIPS)].filter((s) => hashedPart(s.id) !== 'held_out')) {
      docs.push(await observe('cardslips', parseClientOcr(slipClientOcr(s.text ?? '')).pages, s.type, s.fields, model));
    }
    for (const s of handmade ? handmadeSlips() : []) {
      docs.push(await observe('handmade slips', parseClientOcr(slipClientOcr(s.text ?? '')).pages, s.type, s.fields, model));
    }
    const { generateSlips } = await import('../../models/slips/slip-generator.js');
    const { renderSlip } = await import('../../models/slips/render-slip.js');
    const synthetic = generateSlips(300, 1);
    for (const g of synthetic) {
      docs.push(await observe('synthetic slips', parseClientOcr(slipClientOcr(g.lines.join('\n'))).pages, 'payment_receipt', slipFields(g.labels as Record<string, unknown>), model));
    }
    for (const g of synthetic.slice(0, 80)) {
      // The seed the shipped weights were fitted with (the benchmark renders its slips by id hash).
      const image = await renderSlip(g.lines, g.lines.length * 7919 + 1);
      const pages = await ocrPages(engine, new Uint8Array(image.png), 'payment_receipt');
      docs.push(await observe('synthetic rendered', pages, 'payment_receipt', slipFields(g.labels as Record<string, unknown>), model));
    }
  } finally {
    await engine.close();
    await model?.release();
  }
  return docs;
}

/** Saved observations with each value in the group the engine now gives its kind. */
function regrouped(docs: DocObs[]): DocObs[] {
  return docs.map((d) => ({ ...d, fields: d.fields.map((f) => ({ ...f, group: calibrationGroup(f.kind) })) }));
}

interface Example {
  group: CalibrationGroup;
  x: number[];
  y: number;
  w: number;
  doc: number;
}

/** Every labelled value as an example, each dataset weighing the same in the fit. */
function examplesOf(docs: readonly DocObs[]): Example[] {
  const out: Example[] = [];
  const datasets = [...new Set(docs.map((d) => d.dataset))];
  for (const name of datasets) {
    const of = docs.filter((d) => d.dataset === name).flatMap((d) => d.fields.filter((f) => f.correct !== null).map((f) => ({ f, doc: d.doc })));
    for (const { f, doc } of of) out.push({ group: f.group, x: f.x, y: f.correct ? 1 : 0, w: 1000 / of.length, doc });
  }
  return out;
}

/** Weighted logistic regression by Newton's method, with a little L2 so small groups stay sensible. */
function fit(examples: readonly Example[]): Model {
  const d = (examples[0]?.x.length ?? 9) + 1;
  const beta = new Array<number>(d).fill(0);
  const l2 = 0.5;
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const e of examples) {
      const x = [1, ...e.x];
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * beta[i], 0)));
      for (let i = 0; i < d; i++) {
        grad[i] += e.w * (p - e.y) * x[i];
        for (let j = 0; j < d; j++) hess[i][j] += e.w * p * (1 - p) * x[i] * x[j];
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

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** A model per group of fields; a group with few examples takes the model of all examples. */
function fitAll(examples: readonly Example[]): Record<CalibrationGroup, Model> {
  const all = fit(examples);
  const models = {} as Record<CalibrationGroup, Model>;
  for (const g of GROUPS) {
    const of = examples.filter((e) => e.group === g);
    models[g] = of.length >= 40 ? fit(of) : all;
  }
  return models;
}

/** As engine/src/extract/confidence.ts: the logistic model, rounded to thousandths. */
function predict(m: Model, x: number[]): number {
  let z = m.bias;
  for (let i = 0; i < x.length; i++) z += m.weights[i] * x[i];
  return Math.round(1000 / (1 + Math.exp(-z))) / 1000;
}

type Thresholds = Record<CalibrationGroup, number>;

/** Straight-through and silent-error rates per dataset, under some thresholds. */
function reviewRates(docs: readonly DocObs[], models: Record<CalibrationGroup, Model>, t: Thresholds) {
  const out: Record<string, { documents: number; straight: number; silent: number; silentWrongValue: number }> = {};
  for (const d of docs) {
    const flagged = d.checks || d.fields.some((f) => predict(models[f.group], f.x) < t[f.group]);
    const r = (out[d.dataset] ??= { documents: 0, straight: 0, silent: 0, silentWrongValue: 0 });
    r.documents++;
    if (!flagged) r.straight++;
    if (!flagged && !d.allCorrect) r.silent++;
    // Passed with a wrong value found (not only a value missing): what thresholds on the values found answer for.
    if (!flagged && d.fields.some((f) => f.correct === false)) r.silentWrongValue++;
  }
  return out;
}

/**
 * Documents whose only errors are values not found (every value found is right, no check fails):
 * no threshold on the values found can send them to review, so by default they set a floor under
 * each dataset's silent-error rate that the thresholds are not asked to beat.
 */
function unflaggableFloor(docs: readonly DocObs[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of new Set(docs.map((d) => d.dataset))) {
    const of = docs.filter((d) => d.dataset === name);
    out[name] = of.filter((d) => !d.allCorrect && !d.checks && d.fields.every((f) => f.correct !== false)).length / of.length;
  }
  return out;
}

/**
 * The most documents any one threshold on a document's chance of being right (the product of
 * its values' confidences) could pass while at most 2% pass wrong, on the fitted documents
 * themselves: an upper bound on what the confidences can tell apart, per dataset.
 */
function bestStraightThrough(docs: readonly DocObs[], models: Record<CalibrationGroup, Model>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of new Set(docs.map((d) => d.dataset))) {
    const of = docs.filter((d) => d.dataset === name);
    const ranked = of
      .filter((d) => !d.checks)
      .map((d) => ({ p: d.fields.reduce((q, f) => q * predict(models[f.group], f.x), 1), right: d.allCorrect }))
      .sort((a, b) => b.p - a.p);
    let wrong = 0;
    let best = 0;
    ranked.forEach((d, i) => {
      if (!d.right) wrong++;
      if (wrong <= 0.02 * of.length) best = i + 1;
    });
    out[name] = Math.round((1000 * best) / of.length) / 10;
  }
  return out;
}

/** Mean straight-through rate over the datasets, less a steep cost for silent errors over the bound (`--silent`) on any one. */
let silentCost = 50;
/**
 * What the bound holds on (`--silent`): `floor` (default) every silent error, over the bound or
 * over the dataset's documents with values missing only, plus half a point, whichever is higher;
 * `all` every silent error over the bound; `found` only documents passed with a wrong value found.
 */
let silentMode: 'floor' | 'all' | 'found' = 'floor';

function objective(docs: readonly DocObs[], models: Record<CalibrationGroup, Model>, t: Thresholds, floor: Record<string, number>): number {
  const rates = Object.entries(reviewRates(docs, models, t));
  let value = 0;
  for (const [name, r] of rates) {
    const silent = silentMode === 'found' ? r.silentWrongValue : r.silent;
    const bound = silentMode === 'floor' ? Math.max(SILENT_AT_MOST, floor[name] + 0.005) : SILENT_AT_MOST;
    value += r.straight / r.documents - silentCost * Math.max(0, silent / r.documents - bound);
  }
  return value / rates.length;
}

const GRID = [0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.96, 0.98, 0.99, 1.01];

/**
 * Coordinate descent over the groups' thresholds on the grid, from several starts (every group at
 * 0.3, 0.85, 0.96 and at 1.01): one start can stall where a single group's threshold flags every
 * document, and no one step on another group then helps. The best end point wins.
 */
function fitThresholds(docs: readonly DocObs[], models: Record<CalibrationGroup, Model>): Thresholds {
  const floor = unflaggableFloor(docs);
  let winner: { t: Thresholds; value: number } | null = null;
  for (const start of [0.3, 0.85, 0.96, 1.01]) {
    const t = Object.fromEntries(GROUPS.map((g) => [g, start])) as Thresholds;
    let best = objective(docs, models, t, floor);
    for (let round = 0; round < 8; round++) {
      let moved = false;
      for (const g of GROUPS) {
        for (const v of GRID) {
          const trial = { ...t, [g]: v };
          const value = objective(docs, models, trial, floor);
          if (value > best + 1e-9) {
            best = value;
            t[g] = v;
            moved = true;
          }
        }
      }
      if (!moved) break;
    }
    if (!winner || best > winner.value) winner = { t: { ...t }, value: best };
  }
  return (winner as { t: Thresholds }).t;
}

async function main() {
  const { values } = parseArgs({ options: { 'ocr-cache': { type: 'string' }, write: { type: 'boolean', default: false }, observations: { type: 'string' }, 'silent-cost': { type: 'string', default: '50' }, silent: { type: 'string', default: 'floor' }, scans: { type: 'boolean', default: false }, handmade: { type: 'boolean', default: false } } });
  const dir = values['ocr-cache'];
  // Checked before the documents are read, which takes a minute or more.
  if (!['floor', 'all', 'found'].includes(values.silent as string)) throw new Error('--silent must be floor, all or found');
  silentMode = values.silent as typeof silentMode;
  if (!existsSync(DATASETS)) {
    console.log('skipped: ../shared/datasets not present');
    return;
  }
  if (!dir || !existsSync(join(dir, 'wildreceipt.jsonl'))) {
    console.log('skipped: --ocr-cache DIR with wildreceipt.jsonl from `cli ocr --json` is needed');
    return;
  }
  // `--observations FILE`: the documents' observations saved (or read back when the file exists), to refit without re-reading them.
  const saved = values.observations;
  const docs: DocObs[] = saved && existsSync(saved) ? regrouped(JSON.parse(readFileSync(saved, 'utf8')) as DocObs[]) : await collect(dir, values.scans, values.handmade);
  if (saved && !existsSync(saved)) writeFileSync(saved, JSON.stringify(docs));
  silentCost = Number(values['silent-cost']);
  const examples = examplesOf(docs);

  // Two folds by document: fit on one, measure on the other.
  const heldOut = [];
  for (const fold of [0, 1]) {
    const models = fitAll(examples.filter((e) => e.doc % 2 !== fold));
    for (const e of examples.filter((e) => e.doc % 2 === fold)) heldOut.push({ dataset: '', field: e.group, correct: e.y === 1, found: true, confidence: predict(models[e.group], e.x), reviewed: false });
  }
  const models = fitAll(examples);
  const thresholds = fitThresholds(docs, models);
  console.log(`${docs.length} documents, ${examples.length} labelled values; by group: ${GROUPS.map((g) => `${g} ${examples.filter((e) => e.group === g).length}`).join(', ')}`);
  console.log(`two-fold held-out expected calibration error: ${reliability(heldOut).ece}`);
  console.table(reliability(heldOut).buckets);
  console.log(`review thresholds: ${JSON.stringify(thresholds)}`);
  const pct = (n: number, of: number) => Math.round((1000 * n) / of) / 10;
  const floor = unflaggableFloor(docs);
  const bound = bestStraightThrough(docs, models);
  console.table(
    Object.fromEntries(
      Object.entries(reviewRates(docs, models, thresholds)).map(([k, r]) => [
        k,
        {
          documents: r.documents,
          all_right_pct: pct(docs.filter((d) => d.dataset === k && d.allCorrect).length, r.documents),
          straight_through_pct: pct(r.straight, r.documents),
          silent_error_pct: pct(r.silent, r.documents),
          silent_wrong_value_pct: pct(r.silentWrongValue, r.documents),
          only_missing_values_pct: Math.round(1000 * floor[k]) / 10,
          best_straight_through_at_2pct_pct: bound[k],
        },
      ]),
    ),
  );
  // The shipped weights and thresholds on the same documents, to weigh a refit against.
  const shippedRates = reviewRates(docs, CALIBRATION, REVIEW_THRESHOLDS);
  console.log(`shipped thresholds: ${JSON.stringify(REVIEW_THRESHOLDS)}; objective ${objective(docs, CALIBRATION, REVIEW_THRESHOLDS, floor).toFixed(4)}, refit ${objective(docs, models, thresholds, floor).toFixed(4)}`);
  console.table(
    Object.fromEntries(
      Object.entries(shippedRates).map(([k, r]) => [k, { shipped_straight_through_pct: pct(r.straight, r.documents), shipped_silent_error_pct: pct(r.silent, r.documents) }]),
    ),
  );
  if (values.write) {
    const file = new URL('../../engine/src/extract/calibration-weights.ts', import.meta.url);
    const text = readFileSync(file, 'utf8')
      .replace(/(export const CALIBRATION: Record<CalibrationGroup, \{ bias: number; weights: number\[\] \}> = )[\s\S]*?\n\};/, `$1${JSON.stringify(models, null, 2)};`)
      .replace(/(export const REVIEW_THRESHOLDS: Record<CalibrationGroup, number> = )[\s\S]*?\n\};/, `$1${JSON.stringify(thresholds, null, 2)};`);
    writeFileSync(file, text);
    console.log('written to engine/src/extract/calibration-weights.ts');
  }
}

await main();
