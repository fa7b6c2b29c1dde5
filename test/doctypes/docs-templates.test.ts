// docs/document-types.md shows each built-in template in full; the blocks must equal what ships
// (after changing a template, paste the definition from `npm run --silent cli -- doctype show --json NAME`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_NAMES, templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { checkDefinition } from '../../engine/src/doctypes/check-definition.js';

const doc = readFileSync(new URL('../../docs/document-types.md', import.meta.url), 'utf8');

/** The first ```json block after a heading. */
function jsonAfter(heading: string): unknown {
  const at = doc.indexOf(`\n${heading}\n`);
  expect(at, `heading ${heading}`).toBeGreaterThan(-1);
  const block = /```json\n([\s\S]*?)\n```/.exec(doc.slice(at));
  expect(block).not.toBeNull();
  return JSON.parse(block![1]);
}

describe('docs/document-types.md', () => {
  it.each(TEMPLATE_NAMES)('shows the complete %s template', (name) => {
    expect(jsonAfter(`### ${name}`)).toEqual(templateDefinition(name));
  });

  it('opens with an example definition that the checker accepts', () => {
    expect(() => checkDefinition(jsonAfter('## A definition'))).not.toThrow();
  });
});
