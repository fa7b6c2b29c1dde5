// The hand-made slips (test/fixtures/handmade-slips) are benchmark input: each has its expected
// values, under field names the built-in templates have, so a typo cannot score as a miss.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateVersion } from '../../engine/src/extract/document-type.js';

const root = new URL('../fixtures/handmade-slips/', import.meta.url).pathname;
const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const fieldNames = new Set(['payment_receipt', 'retail_receipt'].flatMap((t) => Object.keys(templateVersion(t as 'payment_receipt').definition.fields)));

describe('hand-made slips', () => {
  it.each(folders)('%s: every text has its expected values, named as template fields', (folder) => {
    const files = readdirSync(join(root, folder));
    const texts = files.filter((f) => f.endsWith('.txt'));
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      const expected = JSON.parse(readFileSync(join(root, folder, t.replace(/\.txt$/, '.expected.json')), 'utf8')) as Record<string, unknown>;
      const unknown = Object.keys(expected).filter((k) => !k.startsWith('_') && !fieldNames.has(k));
      expect(unknown, `${folder}/${t}`).toEqual([]);
    }
  });
});
