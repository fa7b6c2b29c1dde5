// The extract command's pieces without a process: the document type it resolves, and the error
// lines and --threads values the CLI shares between its commands.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../engine/src/errors/service-error.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { warningFor } from '../../engine/src/extract/warnings.js';
import { cliError, parsePositiveInteger } from '../../engine/src/node/cli-outcome.js';
import { resolveType } from '../../engine/src/node/extract-command.js';
import { makeTempDir } from '../support/render-receipt.js';
import { receiptPage } from '../support/receipt-lines.js';

let dir: string;
beforeAll(() => {
  dir = makeTempDir('extract-command');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveType', () => {
  it('takes the retail_receipt template by default, and the same frozen version every time', async () => {
    const type = await resolveType({});
    expect(type).toMatchObject({ key: 'retail_receipt', version: 1 });
    expect(type).toBe(templateVersion('retail_receipt'));
    expect(Object.isFrozen(type.definition.fields)).toBe(true);
  });

  it('keys a definition file by --type or by its name, as version 0', async () => {
    const path = join(dir, 'Parking Slip.json');
    writeFileSync(path, JSON.stringify({ name: 'Parking', fields: { fee: { type: 'money' } } }));
    expect(await resolveType({ definition: path })).toMatchObject({ key: 'parking_slip', version: 0 });
    expect(await resolveType({ definition: path, type: 'parking' })).toMatchObject({ key: 'parking', version: 0 });
  });

  it('refuses a missing definition file, one that is not JSON, and an unknown template', async () => {
    await expect(resolveType({ definition: join(dir, 'none.json') })).rejects.toMatchObject({ code: 'invalid_parameters', param: 'definition' });
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"name": ');
    await expect(resolveType({ definition: broken })).rejects.toMatchObject({ code: 'invalid_json', param: 'definition' });
    await expect(resolveType({ type: 'parking_ticket' })).rejects.toMatchObject({ code: 'unknown_template' });
  });
});

describe('cli outcome helpers', () => {
  it('a ServiceError keeps its code and message; anything else is internal_error without its text', () => {
    expect(cliError(new ServiceError('empty_file'))).toMatchObject({ code: 'empty_file' });
    const other = cliError(new Error('secret path /home/x'));
    expect(other.code).toBe('internal_error');
    expect(other.message).not.toContain('secret');
  });

  it('--threads is a positive whole number or refused', () => {
    expect(parsePositiveInteger(undefined)).toBeUndefined();
    expect(parsePositiveInteger('2')).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'two', '']) expect(parsePositiveInteger(bad), bad).toBeNull();
  });
});

describe('declared type mismatch', () => {
  it('is a warning and a review reason on the extraction', () => {
    const pages = parseClientOcr(receiptPage(['SHOP SDN BHD', 'Date: 01/02/2024', 'TOTAL 9.00', 'CASH 10.00', 'CHANGE 1.00'])).pages;
    const warning = warningFor('declared_type_mismatch');
    const ex = extractFromText({ pages, warnings: [warning] }, templateVersion('retail_receipt'), { now: new Date('2026-01-01') });
    expect(ex.warnings).toEqual([warning]);
    expect(warning.message).not.toBe('declared_type_mismatch');
    expect(ex.review.required).toBe(true);
    expect(ex.review.reasons).toContainEqual({ code: 'declared_type_mismatch', path: '', message: warning.message });
  });
});
