/**
 * Installs a trained layout model: copies it into models/weights (the @docex/ocr-weights
 * package), writes its manifest entry (models/src/manifest.ts, LAYOUT_MODEL: sha256, input width,
 * training summary) and its
 * provenance and metrics into models/weights/layout-training.json.
 *
 *   npx tsx models/layout/install-model.ts --work models/layout/work [--seconds N]
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { work: { type: 'string', default: 'models/layout/work' }, seconds: { type: 'string' } } });
const work = values.work!;
const bytes = readFileSync(join(work, 'layout-roles.onnx'));
const sha256 = createHash('sha256').update(bytes).digest('hex');
copyFileSync(join(work, 'layout-roles.onnx'), 'models/weights/layout-roles.onnx');

const metrics = JSON.parse(readFileSync(join(work, 'metrics.json'), 'utf8')) as { validation: Record<string, { f1: number }>; validation_loss: number };
const { features } = JSON.parse(readFileSync(join(work, 'roles.json'), 'utf8')) as { features: number };
const counts: Record<string, number> = {};
for (const line of readFileSync(join(work, 'examples.jsonl'), 'utf8').split('\n')) {
  if (!line) continue;
  const { source: from, part } = JSON.parse(line) as { source: string; part: string };
  counts[`${from} ${part}`] = (counts[`${from} ${part}`] ?? 0) + 1;
}
const HELD_OUT = 'models/layout/split.ts: SROIE receipts with images (the 200 of sroie-train/img), WildReceipt and ZUGFeRD files whose FNV-1a name hash is odd, all of invoice2data';
const trained = new Date().toISOString().slice(0, 10);

// The manifest entry, written whole: checksum, input width and the training summary.
const f1 = Object.values(metrics.validation).map((m) => m.f1);
const entry = {
  id: 'layout-roles-v1',
  task: 'layout-roles',
  package: '@docex/ocr-weights',
  file: 'layout-roles.onnx',
  sha256,
  license: 'Apache-2.0 (trained by this project)',
  input: { name: 'features', shape: [1, 'lines', features], layout: 'lines in reading order x line features (engine/src/extract/layout-model/line-features.ts)' },
  training: {
    trained,
    command: 'npm run train:layout',
    data: counts,
    heldOut: HELD_OUT,
    metrics: { validation_loss: metrics.validation_loss, validation_mean_f1: Math.round((1000 * f1.reduce((a, b) => a + b, 0)) / f1.length) / 1000 },
    record: '@docex/ocr-weights/layout-training.json',
  },
};
const manifest = 'models/src/manifest.ts';
const source = readFileSync(manifest, 'utf8');
const block = /export const LAYOUT_MODEL = \{[\s\S]*?\} as const satisfies ModelEntry;/;
if (!block.test(source)) throw new Error(`${manifest}: the LAYOUT_MODEL entry was not found`);
writeFileSync(manifest, source.replace(block, `export const LAYOUT_MODEL = ${literal(entry, '')} as const satisfies ModelEntry;`));
const provenance = {
  model: 'layout-roles.onnx',
  sha256,
  bytes: bytes.length,
  trained,
  license: 'Apache-2.0 (trained by this project)',
  how: 'npm run train:layout (models/layout/train.sh)',
  data: {
    documents: counts,
    held_out: HELD_OUT,
    sources: {
      sroie: 'ICDAR 2019 SROIE (CC BY 4.0): ground-truth lines and labels of the receipts without images',
      wildreceipt: 'WildReceipt dev (mmocr): photos read by the engine, labelled from the annotated boxes',
      zugferd: 'ZUGFeRD corpus (Apache-2.0): PDF text labelled from the embedded invoice XML',
      synthetic: 'receipts, card slips and invoices rendered by models/layout/synthetic-documents.ts, read by the engine',
    },
  },
  seconds: values.seconds ? Number(values.seconds) : undefined,
  metrics,
};
writeFileSync('models/weights/layout-training.json', `${JSON.stringify(provenance, null, 2)}\n`);
console.log(`installed layout-roles.onnx (${bytes.length} bytes, sha256 ${sha256})`);

/** A value written as this repository writes TypeScript: bare keys, single quotes, short arrays on one line. */
function literal(v: unknown, indent: string): string {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(v)) return `[${v.map((x) => literal(x, indent)).join(', ')}]`;
  if (v && typeof v === 'object') {
    const inner = `${indent}  `;
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);
    return `{\n${Object.entries(v).map(([k, x]) => `${inner}${key(k)}: ${literal(x, inner)},`).join('\n')}\n${indent}}`;
  }
  return String(v);
}
