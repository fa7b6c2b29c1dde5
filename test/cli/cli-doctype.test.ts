// The CLI's doctype contract: `doctype check --json FILE` prints {ok: true, schema} (exit 0) or
// {ok: false, error} with the spec's error object (exit 2); `doctype diff --json OLD NEW` prints
// {changes, breaking}; `doctype show --json TEMPLATE` prints a template's definition and schema.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../engine/src/contracts/error-body.js';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { makeTempDir } from '../support/render-receipt.js';
import { runCli } from '../support/run-cli.js';
import { createValidator } from '../support/json-schema-validator.js';

let dir: string;
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const json = (stdout: string) => JSON.parse(stdout.trim()) as Record<string, unknown>;

beforeAll(() => {
  dir = makeTempDir('cli-doctype');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('doctype check --json', () => {
  it('prints ok and the JSON Schema of a valid definition, exit 0', async () => {
    const run = await runCli(['doctype', 'check', '--json', file('slip.json', templateDefinition('payment_receipt'))]);
    expect(run.code).toBe(0);
    const out = json(run.stdout);
    expect(out.ok).toBe(true);
    expect(() => createValidator().compile(out.schema as object)).not.toThrow();
    expect((out.schema as { properties: Record<string, unknown> }).properties).toHaveProperty('card_last_four');
  });

  it('prints the spec error object with every problem, exit 2', async () => {
    const bad = { name: 'x', fields: { amount: { type: 'money', aliases: ['a'.repeat(61)] }, code: { type: 'string', pattern: '(a+)+' } }, rules: [{ name: 'r', kind: 'luhn', field: 'nope' }] };
    const run = await runCli(['doctype', 'check', '--json', file('bad.json', bad)]);
    expect(run.code).toBe(2);
    const out = json(run.stdout);
    expect(out.ok).toBe(false);
    expect(Value.Check(ErrorBody, { error: out.error })).toBe(true);
    const error = out.error as { code: string; details: { problems: { path: string }[] } };
    expect(error.code).toBe('invalid_definition');
    expect(error.details.problems.map((p) => p.path)).toEqual(['fields.amount.aliases[0]', 'fields.code.pattern', 'rules[0].field']);
  });

  it('refuses a file that is not JSON without quoting it, and a missing file', async () => {
    const notJson = await runCli(['doctype', 'check', '--json', file('broken.json', '{"name": "SECRET-TEXT", ')]);
    expect(notJson.code).toBe(2);
    expect(notJson.stdout).not.toContain('SECRET-TEXT');
    expect((json(notJson.stdout).error as { code: string }).code).toBe('invalid_definition');
    const missing = await runCli(['doctype', 'check', '--json', join(dir, 'absent.json')]);
    expect(missing.code).toBe(2);
    expect(json(missing.stdout).error).toMatchObject({ code: 'invalid_parameters', details: { errors: [{ param: 'FILE' }] } });
  });

  it('prints a valid definition as text with its field count, nested fields included', async () => {
    const def = { name: 'Slip', fields: { total: { type: 'money' }, rows: { type: 'array', items: { type: 'object', fields: { a: { type: 'string' }, b: { type: 'number' } } } } } };
    const run = await runCli(['doctype', 'check', file('ok-text.json', def)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/valid definition "Slip" with 4 fields/);
  });

  it('prints problems as text without --json', async () => {
    const run = await runCli(['doctype', 'check', file('bad2.json', { name: 'x', fields: { a: { type: 'texts' } } })]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/invalid_definition/);
    expect(run.stdout).toMatch(/fields\.a\.type: type is required/);
  });
});

describe('doctype diff --json', () => {
  it('prints the changes and whether they break, exit 0', async () => {
    const before = templateDefinition('retail_receipt');
    const after = templateDefinition('retail_receipt');
    delete after.fields.cashier;
    after.fields.loyalty_number = { type: 'string' };
    const run = await runCli(['doctype', 'diff', '--json', file('old.json', before), file('new.json', after)]);
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toEqual({
      changes: [
        { kind: 'field_removed', path: 'cashier', breaking: true },
        { kind: 'field_added', path: 'loyalty_number', breaking: false },
      ],
      breaking: true,
    });
    const same = await runCli(['doctype', 'diff', '--json', file('a.json', before), file('b.json', before)]);
    expect(json(same.stdout)).toEqual({ changes: [], breaking: false });
  });

  it('refuses an invalid side with invalid_definition, exit 2', async () => {
    const run = await runCli(['doctype', 'diff', '--json', file('ok.json', templateDefinition('invoice')), file('no.json', { fields: {} })]);
    expect(run.code).toBe(2);
    expect(json(run.stdout).error).toMatchObject({ code: 'invalid_definition' });
  });
});

describe('doctype show --json', () => {
  it.each(['payment_receipt', 'retail_receipt', 'invoice'])('prints %s with its schema', async (name) => {
    const run = await runCli(['doctype', 'show', '--json', name]);
    expect(run.code).toBe(0);
    const out = json(run.stdout);
    expect(out.definition).toEqual(templateDefinition(name));
    expect(out.schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' });
  });

  it('refuses an unknown template with unknown_template, exit 2', async () => {
    const run = await runCli(['doctype', 'show', '--json', 'receipt']);
    expect(run.code).toBe(2);
    expect(json(run.stdout).error).toMatchObject({ code: 'unknown_template', param: 'template' });
  });

  it('prints usage for an unknown subcommand, exit 2', async () => {
    const run = await runCli(['doctype', 'publish', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/doctype check/);
  });
});
