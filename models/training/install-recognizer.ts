/**
 * Installs a trained Latin recogniser: copies it into models/weights (the @docex/ocr-weights
 * package), writes the sha256 of the model and of its dictionary into its manifest entry
 * (models/src/manifest.ts, RECOGNIZERS.latin), and its provenance into
 * models/weights/latin-training.json: the packed data it learnt from (<dir>/packs) and what the
 * trainer's log says of the run (<dir>/train.log: device, steps, time).
 *
 *   npx tsx models/training/install-recognizer.ts --work <dir> [--seconds N] [--stage1 <record.json>]
 *
 * `--stage1`: stage 2 was trained from a stage-1 model of an earlier run (train-from-packs.sh with
 * STAGE1=...), whose provenance record (that run's latin-training.json) gives stage 1's run.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { trainerRuns } from './trainer-log.js';

const { values } = parseArgs({ options: { work: { type: 'string' }, seconds: { type: 'string' }, stage1: { type: 'string' } } });
if (!values.work) throw new Error('usage: install-recognizer.ts --work <dir> [--seconds N] [--stage1 <record.json>]');
const work = values.work;
const MODEL = 'rec-latin-h32.onnx';
const DICTIONARY = 'latin-dict.txt';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const model = readFileSync(join(work, MODEL));
copyFileSync(join(work, MODEL), join('models/weights', MODEL));
const dictionary = readFileSync(join('models/weights', DICTIONARY));

// The two checksums of the `latin` entry, each found by the file name written just above it.
const manifestPath = 'models/src/manifest.ts';
let manifest = readFileSync(manifestPath, 'utf8');
for (const [file, digest] of [
  [MODEL, sha256(model)],
  [DICTIONARY, sha256(dictionary)],
] as const) {
  const line = new RegExp(`(file: '${file.replace('.', '\\.')}',\\s*sha256: ')[0-9a-zA-Z_]*(')`);
  if (!line.test(manifest)) throw new Error(`${manifestPath}: no sha256 line after file '${file}'`);
  manifest = manifest.replace(line, `$1${digest}$2`);
}
writeFileSync(manifestPath, manifest);

/** Crops per language and font of a pack, as the trainer read them. */
function counts(dir: string): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = { language: {}, font: {} };
  let total = 0;
  for (const row of readFileSync(join(dir, 'pack.jsonl'), 'utf8').split('\n')) {
    if (!row) continue;
    const r = JSON.parse(row) as { language?: string; font?: string };
    total++;
    if (r.language) out.language[r.language] = (out.language[r.language] ?? 0) + 1;
    if (r.font) out.font[r.font] = (out.font[r.font] ?? 0) + 1;
  }
  return { ...out, total: { crops: total } };
}

/** The runs of the trainer's log, an error naming the log when it records none finished. */
function runsOf(log: string, stage1?: string) {
  try {
    return trainerRuns(log, stage1 ? JSON.parse(readFileSync(stage1, 'utf8')) : undefined);
  } catch (err) {
    throw new Error(`${work}/train.log: ${(err as Error).message}`);
  }
}

const record = {
  model: MODEL,
  sha256: sha256(model),
  bytes: model.length,
  dictionary: { file: DICTIONARY, sha256: sha256(dictionary), classes: dictionary.toString('utf8').split('\n').filter(Boolean).length + 2 },
  trained: new Date().toISOString().slice(0, 10),
  license: 'Apache-2.0 (PaddleOCR PP-OCRv4 weights, fine-tuned by this project)',
  how: 'npm run train:recognizer (models/training/train-recognizer.sh)',
  base: 'rec-ppocrv4-receipts-h32.onnx (this package; training.json), its output layer given the classes of latin-dict.txt by extend_recognizer_classes.py',
  data: {
    sroie: { ...counts(join(work, 'packs/sroie')), what: 'detector crops of SROIE scans 1-100 (sorted by name), labels upper case (trained case-merged)' },
    wildreceipt: {
      ...counts(join(work, 'packs/wildreceipt')),
      what: 'detector crops of the WildReceipt photos outside the benchmark held-out half (models/layout/split.ts), labels without spaces (trained case-merged, spaces as blanks)',
    },
    latin: { ...counts(join(work, 'packs/latin')), what: 'stage 1: render-latin-lines.ts seed 31, European receipt-like lines in the training fonts, degraded (trained exact case)' },
    latin2: {
      ...counts(join(work, 'packs/latin2')),
      what: 'stage 2: render-latin-lines.ts seed 32, the same kind of lines, cut as tight as detector crops at random while training (--trim)',
    },
  },
  trainer: 'models/training/train-from-packs.sh',
  stages:
    'stage 1 from the extended English model (4,500 steps, peak learning rate 5e-4, sroie + wildreceipt + latin); stage 2: three runs from stage 1 on latin2 cut as tight as detector crops (--trim), a: sroie + wildreceipt at 2e-4 stopped at 1,500 of 2,500 steps, b: sroie and wildreceipt twice over at 2e-4, 2,500 steps, c: as b at 4e-4 stopped at 1,500; the model is the mean of a, b, c and stage 1 (average_models.py)',
  runs: runsOf(readFileSync(join(work, 'train.log'), 'utf8'), values.stage1),
  seconds: values.seconds ? Number(values.seconds) : undefined,
};
writeFileSync('models/weights/latin-training.json', `${JSON.stringify(record, null, 2)}\n`);
console.log(`installed ${MODEL} (${model.length} bytes, sha256 ${record.sha256})`);
