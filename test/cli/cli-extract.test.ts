// The CLI's extract contract: `cli extract --json [--type] [--definition] [--mode] [--options] FILE...`
// prints per input file one line {file, extraction, ms} or {file, error: {code, message}}, in
// input order, exit 0 even when files fail; models load once per process.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../support/run-cli.js';
import { makeTempDir, receiptPng, writeTempFile } from '../support/render-receipt.js';
import { receiptPage } from '../support/receipt-lines.js';

const lines = (run: CliRun) =>
  run.stdout
    .split('\n')
    .filter((l) => l !== '')
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed CLI output, checked field by field
    .map((l) => JSON.parse(l) as Record<string, any>);

describe('cli extract --json', () => {
  let dir: string;
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  let run: CliRun;
  let out: ReturnType<typeof lines>;
  let paths: Record<string, string>;

  beforeAll(async () => {
    dir = makeTempDir('cli-extract');
    paths = {
      clientOcr: file('slip.json', receiptPage(['CORNER SHOP LTD', '12 High Street, Leeds', 'Date: 14/03/2025', 'TOTAL 13.05'])),
      image: writeTempFile(dir, 'receipt.png', await receiptPng(['CORNER SHOP LTD', '12 High Street, Leeds', 'Date: 14/03/2025', 'TOTAL 13.05'], { width: 600, height: 400 })),
      missing: join(dir, 'missing.png'),
      badOcr: file('bad.json', { width: 1, height: 1, lines: [] }),
    };
    run = await runCli(['extract', '--json', '--options', '{"known_merchants":["Corner Shop Ltd."]}', paths.clientOcr, paths.image, paths.missing, paths.badOcr]);
    out = lines(run);
  }, 150_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints one line per file in input order, exit 0', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(out.map((o) => o.file)).toEqual([paths.clientOcr, paths.image, paths.missing, paths.badOcr]);
  });

  it('an extraction carries the API content and ms', () => {
    for (const o of out.slice(0, 2)) {
      expect(Object.keys(o).sort()).toEqual(['extraction', 'file', 'ms']);
      expect(o.ms).toBeGreaterThanOrEqual(0);
      expect(o.extraction).toMatchObject({ document_type: 'retail_receipt', schema_version: 1, mode: 'standard', review: { required: expect.any(Boolean) }, warnings: [] });
      expect(o.extraction.processing.engine).toMatch(/\/\d+\.\d+\.\d+$/);
      expect(o.extraction.data).toMatchObject({ merchant: 'Corner Shop Ltd.', transaction_date: '2025-03-14', amount: 13.05 });
      expect(o.extraction.fields.merchant.status).toBe('corrected');
    }
    expect(out[0].extraction.processing.text_sources).toEqual(['client_ocr']);
    expect(out[1].extraction.processing.text_sources).toEqual(['ocr']);
  });

  it('files that cannot be read give an error code and message', () => {
    expect(out[2]).toEqual({ file: paths.missing, error: { code: 'invalid_parameters', message: expect.any(String) } });
    expect(out[3]).toMatchObject({ file: paths.badOcr, error: { code: 'invalid_client_ocr' } });
  });

  it('--definition extracts a user type; --type names a template; bad ones fail each file', async () => {
    const def = file('parking.json', { name: 'Parking', fields: { plate: { type: 'string', aliases: ['Plate'] }, fee: { type: 'money', aliases: ['Fee'] } } });
    const slip = file('parking-slip.json', receiptPage(['CITY PARKING', 'Plate: AB12 CDE', 'Fee 4.50']));
    const user = lines(await runCli(['extract', '--json', '--definition', def, slip]));
    expect(user[0].extraction).toMatchObject({ document_type: 'parking', data: { plate: 'AB12 CDE', fee: 4.5 } });
    const typed = lines(await runCli(['extract', '--json', '--type', 'invoice', '--mode', 'fast', slip]));
    expect(typed[0].extraction).toMatchObject({ document_type: 'invoice', mode: 'fast' });
    const unknown = lines(await runCli(['extract', '--json', '--type', 'parking_ticket', slip, slip]));
    expect(unknown.map((o) => o.error?.code)).toEqual(['unknown_template', 'unknown_template']);
    const badDef = lines(await runCli(['extract', '--json', '--definition', file('broken.json', { name: 'X', fields: { Bad: { type: 'string' } } }), slip]));
    expect(badDef[0].error.code).toBe('invalid_definition');
    const verified = lines(await runCli(['extract', '--json', '--mode', 'verified', slip]));
    expect(verified[0].error.code).toBe('verification_disabled');
    const badMode = lines(await runCli(['extract', '--json', '--mode', 'turbo', slip]));
    expect(badMode[0].error.code).toBe('invalid_mode');
  }, 60_000);
});
