import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextPage } from '../../engine/src/extract/layout/document-text.js';
import type { Engine } from '../../engine/src/node/engine.js';
import { ocrPages } from '../../models/layout/ocr-pages.js';
import { fnv1a } from '../../models/layout/split.js';
import { sroieRows } from '../../models/layout/sroie-lines.js';
import { readOcrCache } from './extract-truth.js';
import { renderScan } from './render-scan.js';

/**
 * SROIE receipts that have ground-truth lines but no image, printed as scans (render-scan.ts) and
 * read by OCR: their page text by id. Reads are kept in `cacheFile` (lines as `cli ocr --json`
 * writes them, `file` being the id), so a second fit reads none again.
 */
export async function renderedSroiePages(engine: Engine, sroieDir: string, ids: readonly string[], cacheFile: string): Promise<Map<string, TextPage[]>> {
  const cache = readOcrCache(cacheFile);
  const missing = ids.filter((id) => !cache.has(id));
  for (const [i, id] of missing.entries()) {
    const lines = sroieRows(join(sroieDir, 'box', `${id}.txt`)).map((r) => {
      const x = Math.min(...r.xs);
      const y = Math.min(...r.ys);
      return { text: r.text, x, y, width: Math.max(...r.xs) - x, height: Math.max(...r.ys) - y };
    });
    const image = await renderScan(lines, fnv1a(id));
    const pages = await ocrPages(engine, new Uint8Array(image), 'retail_receipt');
    cache.set(id, pages);
    appendFileSync(cacheFile, `${JSON.stringify({ file: id, pages })}\n`);
    if ((i + 1) % 25 === 0) console.error(`rendered and read ${i + 1} of ${missing.length} SROIE receipts`);
  }
  return cache;
}
