/**
 * Extraction benchmark on real receipts and invoices:
 * `npm run bench:extract [-- --dataset sroie|wildreceipt|zugferd|invoice2data|all --limit N --ocr-cache DIR --json]`.
 *
 * Each document goes through `Engine.extract` as the CLI and server call it (intake, OCR, fields,
 * checks, review). Printed: per-field exact-match accuracy after normalisation (text upper-case
 * letters and digits only), the reliability table and expected calibration error of the reported
 * confidences, the review figures, and the median time per document. SROIE is also extracted from
 * its ground-truth OCR lines sent as `client_ocr` (no image work), which times that path.
 *
 * `--ocr-cache DIR` reuses page text from `DIR/<dataset>.jsonl` (lines of `cli ocr --json`) for
 * images, so extraction can be re-measured without re-reading them; times are then extraction only.
 * `BENCH_MISSES=<field>` prints each document where that field is wrong (label, value, confidence, and
 * `NOT REVIEWED` when the document was not flagged).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ExtractionContent } from '../../engine/src/contracts/extraction.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import type { TextPage } from '../../engine/src/extract/layout/document-text.js';
import { Engine } from '../../engine/src/node/engine.js';
import { declaredTypeFromName } from '../../engine/src/node/declared-type.js';
import { accuracyByField, median, reliability, reviewFigures, type Scored } from './extract-scores.js';
import { DATASETS, invoice2data, matches, readOcrCache, sroie, textFileClientOcr, wildReceipt, zugferd, type Sample } from './extract-truth.js';

interface RunResult {
  name: string;
  rows: Scored[];
  docs: { reviewed: boolean; allCorrect: boolean }[];
  times: number[];
  failures: number;
}

type Extractor = (s: Sample) => Promise<ExtractionContent>;

async function run(name: string, samples: readonly Sample[], extract: Extractor): Promise<RunResult> {
  const result: RunResult = { name, rows: [], docs: [], times: [], failures: 0 };
  for (const s of samples) {
    let ex: ExtractionContent;
    const started = performance.now();
    try {
      ex = await extract(s);
    } catch (err) {
      result.failures++;
      console.error(`${s.id}: ${(err as Error).message}`);
      continue;
    }
    result.times.push(performance.now() - started);
    let allCorrect = true;
    for (const t of s.fields) {
      if (t.expected === null || t.expected === '') continue;
      const got = t.path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], ex.data);
      const field = ex.fields[t.path.split('.')[0]];
      const correct = matches(t, got);
      if (process.env.BENCH_MISSES === t.name && !correct) console.error(`miss ${s.id} ${JSON.stringify(t.expected)} ${JSON.stringify(got)} confidence ${field?.confidence ?? 0}${ex.review.required ? '' : ' NOT REVIEWED'}`);
      allCorrect &&= correct;
      result.rows.push({ dataset: name, field: t.name, correct, found: got !== null && got !== undefined, confidence: field?.confidence ?? 0, reviewed: ex.review.required });
    }
    result.docs.push({ reviewed: ex.review.required, allCorrect });
  }
  return result;
}

/** The cached page text of a dataset's images under `--ocr-cache DIR`; none without the option. */
function loadCache(dir: string | undefined, dataset: string): Map<string, TextPage[]> {
  return dir ? readOcrCache(join(dir, `${dataset}.jsonl`)) : new Map();
}

function report(r: RunResult) {
  const accuracy = accuracyByField(r.rows);
  const fields = Object.values(accuracy);
  return {
    dataset: r.name,
    documents: r.docs.length,
    failures: r.failures,
    accuracy,
    mean_accuracy: Math.round((10 * fields.reduce((a, b) => a + b, 0)) / Math.max(1, fields.length)) / 10,
    calibration: reliability(r.rows),
    review: reviewFigures(r.rows, r.docs),
    median_ms: Math.round(median(r.times) * 100) / 100,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string', default: 'all' },
      limit: { type: 'string' },
      'ocr-cache': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(DATASETS)) {
    console.log('skipped: ../shared/datasets not present; the extraction benchmark needs SROIE, WildReceipt, ZUGFeRD and invoice2data');
    return;
  }
  const limit = values.limit ? Number(values.limit) : Infinity;
  const want = (name: string) => values.dataset === 'all' || values.dataset === name;
  const engine = new Engine();
  const now = new Date();
  const fromFile =
    (cache: Map<string, TextPage[]>, options: Record<string, unknown> = {}): Extractor =>
    async (s) => {
      const pages = cache.get(s.file);
      if (pages) return extractFromText({ pages }, templateVersion(s.type), { now });
      if (s.file.endsWith('.txt')) return engine.extract({ client_ocr: textFileClientOcr(readFileSync(s.file, 'utf8')) }, s.type, { now, options });
      return engine.extract({ file: new Uint8Array(readFileSync(s.file)), declaredType: declaredTypeFromName(s.file) }, s.type, { now, options });
    };

  const runs: RunResult[] = [];
  try {
    if (want('sroie')) {
      const samples = sroie().slice(0, limit);
      runs.push(await run('sroie', samples, fromFile(loadCache(values['ocr-cache'], 'sroie'))));
      // Ground-truth lines as client_ocr, parsed before timing starts only for the image size.
      const inputs = new Map<string, unknown>();
      for (const s of samples) inputs.set(s.id, await s.clientOcr?.());
      const clientOcr: Extractor = (s) => engine.extract({ client_ocr: inputs.get(s.id) }, s.type, { now });
      // One untimed pass first: the figure is the time of a receipt once the code is compiled,
      // as on a server or kiosk that has been running, not of the first receipts after start.
      for (const s of samples) await clientOcr(s).catch(() => undefined);
      runs.push(await run('sroie client_ocr', samples, clientOcr));
    }
    if (want('wildreceipt')) runs.push(await run('wildreceipt', wildReceipt().slice(0, limit), fromFile(loadCache(values['ocr-cache'], 'wildreceipt'))));
    if (want('zugferd')) {
      const samples = zugferd().slice(0, limit);
      runs.push(await run('zugferd embedded on', samples, fromFile(new Map(), { embedded_data: true })));
      runs.push(await run('zugferd embedded off', samples, fromFile(new Map(), { embedded_data: false })));
    }
    if (want('invoice2data')) runs.push(await run('invoice2data', invoice2data().slice(0, limit), fromFile(new Map())));
  } finally {
    await engine.close();
  }

  const reports = runs.map(report);
  if (values.json) {
    console.log(JSON.stringify({ ocr_cache: values['ocr-cache'] ?? null, reports }));
    return;
  }
  console.log(values['ocr-cache'] ? `page text for images from ${values['ocr-cache']} (times are extraction only)` : 'page text read by the engine (times include intake and OCR)');
  for (const r of reports) {
    console.log(`\n== ${r.dataset}: ${r.documents} documents, ${r.failures} failed, median ${r.median_ms} ms per document`);
    console.table(Object.fromEntries(Object.entries(r.accuracy).map(([k, v]) => [k, { accuracy_pct: v }])));
    console.log(`mean accuracy ${r.mean_accuracy}%; expected calibration error ${r.calibration.ece}`);
    console.table(r.calibration.buckets);
    console.log(
      `review: ${r.review.wrong_without_review} of ${r.review.wrong_fields} wrong fields without review (${r.review.wrong_without_review_pct}%); ` +
        `${r.review.flagged_documents} of ${r.review.documents} documents flagged; ${r.review.correct_documents_flagged_pct}% of the ${r.review.correct_documents} fully correct documents flagged`,
    );
  }
}

await main();
