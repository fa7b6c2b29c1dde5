/**
 * Training data for the recogniser fine-tune: runs the engine's own detector over SROIE scans or
 * WildReceipt photos, keeps each detected line that matches exactly one labelled box, and writes
 * its crop the way the page reader makes it (natural width at the recogniser's height, contrast
 * stretched; photos with their lighting evened out first, as the OCR worker does) with the
 * labelled text. Crops come from the detector, not the labels, so training sees the boxes the
 * recogniser meets at run time.
 *
 *   tsx models/training/dump-line-crops.ts <sroie-dir> <out-dir> <first> <count>
 *   tsx models/training/dump-line-crops.ts <wildreceipt-dir> <out-dir>
 *
 * SROIE: the scans <first>..<first+count> sorted by name. WildReceipt: every photo outside the
 * benchmark's held-out half (models/layout/split.ts); its labels have their spaces removed, so
 * its rows say `spaceless` and the trainer lets spaces count as blanks there.
 *
 * Writes <out-dir>/crops.bin (RGB bytes, crop after crop) and <out-dir>/crops.jsonl
 * ({file, text, width, height, offset} per crop).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDocument } from '../../engine/src/intake/node/read-document.js';
import { cropLines, DEFAULT_PAGE_READ_OPTIONS } from '../../engine/src/ocr/page-reader.js';
import { detectText } from '../../engine/src/ocr/text-detector.js';
import { bounds, rectCorners } from '../../engine/src/ocr/geometry.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { parseCharset, readerClasses } from '../../engine/src/ocr/charset.js';
import { loadOcrModels } from '../src/load-ocr-models.js';
import { RECOGNIZERS } from '../src/manifest.js';
import { packageFileSource } from '../src/node/package-file-source.js';
import { evenLighting } from '../../engine/src/intake/photo-normalize.js';
import { hashedPart } from '../layout/split.js';
import { createCropStore } from './crop-store.js';

const [dir, out, first, count] = process.argv.slice(2);
if (!dir || !out) throw new Error('usage: dump-line-crops.ts <sroie-dir> <out-dir> <first> <count> | <wildreceipt-dir> <out-dir>');

interface Box {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Source {
  /** Path of the image, the name written in the rows, its labelled boxes. */
  files: { path: string; name: string; boxes: () => Box[] }[];
  photos: boolean;
  spaceless: boolean;
}

/** A box from the 8 corner coordinates both datasets give. */
function labelBox(text: string, n: number[]): Box {
  const xs = [n[0], n[2], n[4], n[6]];
  const ys = [n[1], n[3], n[5], n[7]];
  return { text, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

function sroie(): Source {
  const names = readdirSync(join(dir, 'img')).sort().slice(Number(first ?? 0), Number(first ?? 0) + Number(count ?? 100));
  return {
    photos: false,
    spaceless: false,
    files: names.map((name) => ({
      path: join(dir, 'img', name),
      name,
      boxes: () =>
        readFileSync(join(dir, 'box', name.replace(/\.jpg$/, '.txt')), 'utf8')
          .split(/\r?\n/)
          .filter((r) => r.trim() !== '')
          .map((r) => {
            const p = r.split(',');
            return labelBox(p.slice(8).join(',').trim(), p.slice(0, 8).map(Number));
          }),
    })),
  };
}

function wildReceipt(): Source {
  const records = readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row) as { file_name: string; annotations: { box: number[]; text: string }[] });
  return {
    photos: true,
    spaceless: true,
    files: records
      .filter((r) => hashedPart(r.file_name) !== 'held_out' && existsSync(join(dir, r.file_name)))
      .map((r) => ({ path: join(dir, r.file_name), name: r.file_name, boxes: () => r.annotations.map((a) => labelBox(a.text.trim(), a.box)) })),
  };
}

const source = existsSync(join(dir, 'labels.jsonl')) ? wildReceipt() : sroie();
const store = createCropStore(out);

// The English recogniser's classes as the engine reads them (Latin forms), for the trainer's
// labels when it fine-tunes that model; the Latin recogniser's trainer reads its own dictionary.
const dictionary = RECOGNIZERS.english.charset;
const fullCharset = parseCharset(new TextDecoder().decode(await packageFileSource().read(dictionary)), dictionary.appendSpace);
const { keep } = readerClasses(fullCharset);
writeFileSync(join(out, 'classes.json'), JSON.stringify({ keep, chars: keep.map((c) => (c === 0 ? '' : fullCharset[c - 1])) }));

const models = await loadOcrModels(createOnnxNodeRuntime(), packageFileSource(), { threads: 2, recognizer: 'english' });
const opts = DEFAULT_PAGE_READ_OPTIONS;
// Natural width (the trainer squeezes it at random), as the page reader crops for its second look.
const natural = { ...opts, recognition: { ...opts.recognition, widthScale: 1, maxWidth: 1200 } };
let kept = 0;
let seen = 0;
for (const file of source.files) {
  const doc = await readDocument(new Uint8Array(readFileSync(file.path)));
  const rendered = await doc.pages[0].render();
  const page = source.photos ? evenLighting(rendered) : rendered;
  const truth = file.boxes().filter((t) => t.text !== '');
  const rects = await detectText(models.detector, page, opts.detection);
  seen += rects.length;
  // A labelled line matches when most of it lies in the box and it fills most of the box's width.
  const matched = rects.flatMap((r) => {
    const box = bounds(rectCorners(r));
    const hits = truth.filter((t) => {
      const ix = Math.min(box.x1, t.x1) - Math.max(box.x0, t.x0);
      const iy = Math.min(box.y1, t.y1) - Math.max(box.y0, t.y0);
      return ix > 0.8 * (t.x1 - t.x0) && iy > 0.6 * (t.y1 - t.y0) && ix > 0.75 * (box.x1 - box.x0);
    });
    return hits.length === 1 && r.height >= 6 ? [{ rect: r, text: hits[0].text }] : [];
  });
  const crops = cropLines(page, matched.map((m) => m.rect), natural);
  for (const [i, { image }] of crops.entries()) store.add(image, { file: file.name, text: matched[i].text, ...(source.spaceless ? { spaceless: true } : {}) });
  kept += crops.length;
  await doc.close();
}
console.log(`${source.files.length} receipts, ${seen} detected lines, ${kept} crops kept`);
