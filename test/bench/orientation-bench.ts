/**
 * How the page reader's 0/180 check decides, on real pages read both ways up:
 * `npx tsx test/bench/orientation-bench.ts [--pages N]` (N SROIE scans from receipt 101 and N
 * WildReceipt photos, default 60 each).
 *
 * For each page and its 180° turn: the 12 longest lines as read (PageReadOptions.orientationSample),
 * then the k longest read again turned over (k = 1, 2, 3, 4, 12), and the 0/180 classifier's vote
 * on the 12. Printed per k: upside-down pages that the comparison would take as upright (the
 * harmful error; pages under `uprightConfidence` count too, though the reader asks the
 * classifier for those), upright pages it would send to the classifier, and the median time of
 * the extra reading; and the classifier's mistakes and time. docs/ocr.md, "Upside down?".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readDocument } from '../../engine/src/intake/node/read-document.js';
import { evenLighting } from '../../engine/src/intake/photo-normalize.js';
import { upsideDownProbabilities } from '../../engine/src/ocr/angle-classifier.js';
import { rotateImage } from '../../engine/src/ocr/image-ops.js';
import { cropLines, DEFAULT_PAGE_READ_OPTIONS as OPTIONS } from '../../engine/src/ocr/page-reader.js';
import { detectText } from '../../engine/src/ocr/text-detector.js';
import { recognizeCrops } from '../../engine/src/ocr/text-recognizer.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { loadOcrModels } from '../../models/src/load-ocr-models.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';

const DATASETS = new URL('../../../shared/datasets/', import.meta.url).pathname;
const KS = [1, 2, 3, 4, 12];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '60' } } });
  if (!existsSync(DATASETS)) {
    console.log('skipped: ../shared/datasets not present');
    return;
  }
  const n = Number(values.pages);
  const sroieDir = join(DATASETS, 'sroie-train/img');
  const sroie = readdirSync(sroieDir).sort().slice(100, 100 + n).map((f) => ({ file: join(sroieDir, f), photo: false }));
  const wrDir = join(DATASETS, 'wildreceipt-dev');
  const wildReceipt = readFileSync(join(wrDir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, n)
    .map((row) => ({ file: join(wrDir, (JSON.parse(row) as { file_name: string }).file_name), photo: true }));
  const models = await loadOcrModels(createOnnxNodeRuntime(), packageFileSource(), { threads: 2 });
  const tally = new Map(KS.map((k) => [k, { takenUpright: 0, sentToClassifier: 0, ms: [] as number[] }]));
  const classifier = { wrong: 0, ms: [] as number[] };
  let readings = 0;
  for (const { file, photo } of [...sroie, ...wildReceipt]) {
    const doc = await readDocument(new Uint8Array(readFileSync(file)));
    const rendered = await doc.pages[0].render();
    await doc.close();
    // As the OCR worker prepares photos.
    const upright = photo ? evenLighting(rendered) : rendered;
    for (const [turned, page] of [
      [false, upright],
      [true, rotateImage(upright, 180)],
    ] as const) {
      const crops = cropLines(page, await detectText(models.detector, page, OPTIONS.detection), OPTIONS)
        .filter((c) => c.image.width >= 3 * c.image.height)
        .sort((a, b) => b.image.width - a.image.width)
        .slice(0, OPTIONS.orientationSample)
        .map((c) => c.image);
      if (crops.length === 0) continue;
      readings++;
      const read = (images: typeof crops) => recognizeCrops(models.recognizer, images, models.charset, OPTIONS.recognition, models.allowedClasses);
      const asRead = (await read(crops)).map((t) => t.confidence);
      for (const k of KS) {
        const started = performance.now();
        const other = (await read(crops.slice(0, k).map((c) => rotateImage(c, 180)))).map((t) => t.confidence);
        const t = tally.get(k)!;
        t.ms.push(performance.now() - started);
        const saysUpright = median(asRead.slice(0, k)) > median(other);
        if (turned && saysUpright) t.takenUpright++;
        if (!turned && !saysUpright) t.sentToClassifier++;
      }
      const started = performance.now();
      const probs = await upsideDownProbabilities(models.classifier, crops);
      classifier.ms.push(performance.now() - started);
      if (probs.filter((p) => p > 0.5).length > crops.length / 2 !== turned) classifier.wrong++;
    }
  }
  await models.release();
  console.log(`${readings} readings (${sroie.length} SROIE scans and ${wildReceipt.length} WildReceipt photos, each both ways up)`);
  console.table(
    KS.map((k) => {
      const t = tally.get(k)!;
      return { lines_turned: k, upside_down_taken_upright: t.takenUpright, upright_sent_to_classifier: t.sentToClassifier, median_ms: Math.round(median(t.ms)) };
    }),
  );
  console.log(`classifier on ${OPTIONS.orientationSample} lines: ${classifier.wrong} wrong, median ${Math.round(median(classifier.ms))} ms`);
}

await main();
