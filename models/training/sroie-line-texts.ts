/**
 * Receipt text for rendered training lines: the ground-truth lines of the SROIE receipts that
 * come without a scan (426 of the 626), one per output line. They are the dot-matrix and thermal
 * till text (item codes, `RM` amounts, Malaysian addresses, `GST` summaries) the bench's SROIE
 * receipts print, rendered by render-latin-lines.ts `--texts` in the training fonts. Lines with
 * words that also occur on a scan the bench counts as unseen (scans 101+ sorted by name) are left
 * out, so no words of an unseen receipt are trained on, not even a shared store header (a line of
 * figures alone, `26.00` or a date, names no receipt and is kept).
 *
 *   tsx models/training/sroie-line-texts.ts <sroie-dir> <out.txt> [trained-scans=100]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The text of each row of a ground-truth box file (`x1,y1,...,y4,text`; the text may hold commas). */
function boxTexts(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((row) => row.split(',').slice(8).join(',').trim())
    .filter((t) => t.length > 0);
}

/** Lines of the scan-less receipts of a SROIE folder (`box/`, `img/`), and how many were left out. */
export function scanlessLines(dir: string, trainedScans: number): { lines: string[]; receipts: number; leftOut: number } {
  const ids = (sub: string, ext: string) =>
    readdirSync(join(dir, sub))
      .filter((f) => f.endsWith(ext))
      .map((f) => f.slice(0, -ext.length))
      .sort();
  const scanned = ids('img', '.jpg');
  const withScan = new Set(scanned);
  const unseenTexts = new Set(scanned.slice(trainedScans).flatMap((id) => boxTexts(join(dir, 'box', `${id}.txt`))));
  const scanless = ids('box', '.txt').filter((id) => !withScan.has(id));
  const lines: string[] = [];
  let leftOut = 0;
  for (const text of scanless.flatMap((id) => boxTexts(join(dir, 'box', `${id}.txt`)))) {
    if (unseenTexts.has(text) && /\p{L}/u.test(text)) leftOut++;
    else lines.push(text);
  }
  return { lines, receipts: scanless.length, leftOut };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, out, trainedArg] = process.argv.slice(2);
  if (!dir || !out) throw new Error('usage: sroie-line-texts.ts <sroie-dir> <out.txt> [trained-scans]');
  const { lines, receipts, leftOut } = scanlessLines(dir, Number(trainedArg ?? 100));
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} lines of ${receipts} scan-less receipts in ${out} (${leftOut} left out: words on an unseen scan)`);
}
