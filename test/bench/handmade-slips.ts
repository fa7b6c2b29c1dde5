/**
 * Scores the hand-made slips and till receipts (test/fixtures/handmade-slips: written for this
 * project in the layouts of the terminal families and tills of the market's languages, with the
 * values a person reads) and prints, per folder and in all, the fields right, the documents
 * passed straight through and those passed with a wrong or missing value:
 * `npm run --silent bench:handmade [-- --list] [-- --model]` (`--list` prints each field read wrong;
 * `--model` reads with the layout model, as the engine does with it on).
 *
 * A tuning set: the rules are tuned on it, so its figures say what was fixed, not how the engine
 * reads documents it has never seen (those are bench:extract's held-out parts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { layoutDocument } from '../../engine/src/extract/layout/document-text.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { loadLayoutModel } from '../../models/src/load-layout-model.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { SLIP_NOW } from '../support/read-slip.js';
import { slipClientOcr } from '../support/slip-text.js';
import { HANDMADE_SLIPS as root, isTillReceipt } from './extract-truth.js';

const norm = (v: unknown) => String(v).toLowerCase().replace(/[\s,]+/g, ' ').trim();
const list = process.argv.includes('--list');
// `--model`: read with the layout model's role probabilities, as the engine does with it on.
const model = process.argv.includes('--model') ? await loadLayoutModel(createOnnxNodeRuntime(), packageFileSource()) : null;

async function readSlip(text: string, type: 'payment_receipt' | 'retail_receipt') {
  const { pages } = parseClientOcr(slipClientOcr(text));
  const roles = model ? await model.roles(layoutDocument(pages)) : undefined;
  return extractFromText({ pages }, templateVersion(type), { now: SLIP_NOW, roles });
}

interface Tally { docs: number; fields: number; right: number; straight: number; silent: number }
const empty = (): Tally => ({ docs: 0, fields: 0, right: 0, straight: 0, silent: 0 });
const all = empty();
const rows: string[] = [];

for (const dir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const t = empty();
  for (const f of readdirSync(join(root, dir)).filter((x) => x.endsWith('.txt')).sort()) {
    const base = join(root, dir, f);
    const expFile = base.replace(/\.txt$/, '.expected.json');
    if (!existsSync(expFile)) continue;
    const exp = JSON.parse(readFileSync(expFile, 'utf8')) as Record<string, unknown>;
    const ex = await readSlip(readFileSync(base, 'utf8'), isTillReceipt(exp) ? 'retail_receipt' : 'payment_receipt');
    t.docs++;
    let allRight = true;
    for (const [k, v] of Object.entries(exp)) {
      if (k.startsWith('_') || k === 'line_items' || v === undefined) continue;
      t.fields++;
      const got = ex.data[k];
      // An array lists the acceptable readings (a brand or its registered company).
      const ok = Array.isArray(v) ? v.some((x) => norm(x) === norm(got)) : typeof v === 'number' && typeof got === 'number' ? Math.abs(v - got) < 0.005 : v === null ? got === null || got === undefined : norm(v) === norm(got);
      if (ok) t.right++;
      else {
        allRight = false;
        rows.push(`${dir}/${f} ${k}: want ${JSON.stringify(v)} got ${JSON.stringify(got)}${ex.review.required ? '' : ' SILENT'}`);
      }
    }
    if (!ex.review.required) {
      t.straight++;
      if (!allRight) t.silent++;
    }
  }
  for (const k of Object.keys(all) as (keyof Tally)[]) all[k] += t[k];
  console.log(line(dir, t));
}
if (list) console.error(rows.join('\n'));
console.log(line('all', all));
await model?.release();

function line(name: string, t: Tally): string {
  const pct = (n: number, of: number) => (of === 0 ? '-' : ((100 * n) / of).toFixed(1));
  return `${name}: ${t.docs} documents, fields right ${t.right}/${t.fields} (${pct(t.right, t.fields)}%), straight-through ${pct(t.straight, t.docs)}%, silent errors ${pct(t.silent, t.docs)}%`;
}
