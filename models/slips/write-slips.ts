/**
 * Writes generated slips to a folder: <id>.txt (the printed lines), <id>.json (the labels) and,
 * with --render, <id>.png (the slip as a thermal print).
 *
 *   npx tsx models/slips/write-slips.ts --count 300 --seed 1 --out DIR [--render]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderSlip } from './render-slip.js';
import { generateSlip } from './slip-generator.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    render: { type: 'boolean', default: false },
  },
});

const count = Number(values.count);
const first = Number(values.seed);
if (!values.out || !Number.isInteger(count) || count < 1 || !Number.isInteger(first)) {
  console.error('usage: write-slips.ts --count N --seed S --out DIR [--render]');
  process.exit(2);
}
const out = values.out;
await mkdir(out, { recursive: true });
for (let i = 0; i < count; i++) {
  // One slip at a time: rendering holds a full-size canvas, no need to hold them all.
  const slip = generateSlip(first + i);
  await writeFile(join(out, `${slip.id}.txt`), `${slip.lines.join('\n')}\n`);
  await writeFile(join(out, `${slip.id}.json`), `${JSON.stringify({ ...slip.labels, source: 'models/slips synthetic' }, null, 1)}\n`);
  if (values.render) {
    // The seed of the drawing is the slip's: the same slip always renders the same image.
    const image = await renderSlip(slip.lines, first + i);
    await writeFile(join(out, `${slip.id}.png`), image.png);
  }
}
console.log(`wrote ${count} slips (seeds ${first}..${first + count - 1}) to ${out}${values.render ? ' with images' : ''}`);
