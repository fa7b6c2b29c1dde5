/**
 * Installs a trained layout model: copies it into models/weights (the @docex/ocr-weights
 * package), writes its sha256 into the manifest (models/src/manifest.ts, LAYOUT_MODEL) and its
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

const manifest = 'models/src/manifest.ts';
const source = readFileSync(manifest, 'utf8');
const entry = /(export const LAYOUT_MODEL = \{[\s\S]*?sha256: ')[0-9a-fA-F]*(')/;
if (!entry.test(source)) throw new Error(`${manifest}: LAYOUT_MODEL's sha256 not found`);
writeFileSync(manifest, source.replace(entry, `$1${sha256}$2`));

const metrics = JSON.parse(readFileSync(join(work, 'metrics.json'), 'utf8')) as Record<string, unknown>;
const counts: Record<string, number> = {};
for (const line of readFileSync(join(work, 'examples.jsonl'), 'utf8').split('\n')) {
  if (!line) continue;
  const { source: from, part } = JSON.parse(line) as { source: string; part: string };
  counts[`${from} ${part}`] = (counts[`${from} ${part}`] ?? 0) + 1;
}
const provenance = {
  model: 'layout-roles.onnx',
  sha256,
  bytes: bytes.length,
  trained: new Date().toISOString().slice(0, 10),
  license: 'Apache-2.0 (trained by this project)',
  how: 'npm run train:layout (models/layout/train.sh)',
  data: {
    documents: counts,
    held_out: 'models/layout/split.ts: SROIE receipts with images (the 200 of sroie-train/img), WildReceipt and ZUGFeRD files whose FNV-1a name hash is odd, all of invoice2data',
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
