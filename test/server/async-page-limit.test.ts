import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapResult } from '../../server/src/admin/bootstrap.js';
import { textPdf } from '../intake/pdf-builder.js';
import { keyIdOf } from '../support/api-checks.js';
import { ApiClient, countRows, expectError } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';
import { injectTransport } from '../support/server-transport.js';

/**
 * Pages are counted before a request is accepted (spec: Limits "Documents"): a PDF or
 * multi-page TIFF over 30 pages, or over the organization's lower limit, is refused with 400
 * `too_many_pages` when sent with async=true or large enough to be queued, as it is when read
 * while waiting: nothing stored, nothing counted, instead of a 202 that fails later.
 */

const month = () => new Date().toISOString().slice(0, 7);

/** A TIFF of `frames` small frames (each a page). */
async function tiff(frames: number): Promise<Uint8Array> {
  const frame = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
  return new Uint8Array(await sharp(Array(frames).fill(frame), { join: { animated: true } }).tiff().toBuffer());
}

describe('page limit before a queued request is accepted (inject, queue not running)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ background: false });
  });
  afterAll(async () => s.close());

  /** A fresh organization, so counts start at zero. */
  const fresh = (maxPages?: number) => {
    const boot = s.bootAnother();
    if (maxPages !== undefined) s.app.services.accounts.updateOrganization(boot.tenant, { max_pages: maxPages });
    return { boot, api: new ApiClient(injectTransport(s.app), boot.secret_key) };
  };
  const documentsDir = () => join(s.dataDir, 'documents');
  const storedDocuments = () => (existsSync(documentsDir()) ? readdirSync(documentsDir()).length : 0);
  /** Nothing stored or counted for the organization. */
  const expectNothingFor = (boot: BootstrapResult) => {
    expect(countRows(s, 'extractions', 'organization_id = ?', boot.tenant)).toBe(0);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${boot.tenant}`, month())).toBe(0);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`key:${keyIdOf(s.app, boot.secret_key)}`, month())).toBe(0);
  };

  it('refuses a 31-page PDF sent with async=true with 400 too_many_pages, storing and counting nothing', async () => {
    const { boot, api } = fresh();
    const documents = storedDocuments();
    const key = { 'idempotency-key': 'pages-31' };
    expectError(await api.extract({ async: 'true' }, { bytes: textPdf(31), type: 'application/pdf' }, key), 400, 'too_many_pages');
    expectNothingFor(boot);
    expect(countRows(s, 'jobs')).toBe(0);
    expect(storedDocuments()).toBe(documents);
    // The key is free for the corrected request.
    const corrected = await api.extract({ async: 'true' }, { bytes: textPdf(30), type: 'application/pdf' }, key);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a 31-page PDF queued for its size (no async) the same way', async () => {
    const { boot, api } = fresh();
    expectError(await api.extract({}, { bytes: textPdf(31), type: 'application/pdf' }), 400, 'too_many_pages');
    expectNothingFor(boot);
  });

  it('still accepts a 30-page PDF with 202, counted once', async () => {
    const { boot, api } = fresh();
    const res = await api.extract({ async: 'true' }, { bytes: textPdf(30), type: 'application/pdf' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.status).toBe('queued');
    expect(countRows(s, 'jobs', 'extraction_id = ?', res.body.id)).toBe(1);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${boot.tenant}`, month())).toBe(1);
  });

  it("refuses past the organization's lower max_pages, and accepts at it", async () => {
    const { boot, api } = fresh(5);
    expectError(await api.extract({ async: 'true' }, { bytes: textPdf(6), type: 'application/pdf' }), 400, 'too_many_pages');
    expectError(await api.extract({}, { bytes: textPdf(6), type: 'application/pdf' }), 400, 'too_many_pages');
    expectNothingFor(boot);
    expect((await api.extract({ async: 'true' }, { bytes: textPdf(5), type: 'application/pdf' })).status).toBe(202);
  });

  it('counts the frames of a multi-page TIFF the same way', async () => {
    const { boot, api } = fresh();
    expectError(await api.extract({ async: 'true' }, { bytes: await tiff(31), type: 'image/tiff' }), 400, 'too_many_pages');
    expectNothingFor(boot);
    expect((await api.extract({ async: 'true' }, { bytes: await tiff(30), type: 'image/tiff' })).status).toBe(202);

    const limited = fresh(2);
    expectError(await limited.api.extract({ async: 'true' }, { bytes: await tiff(3), type: 'image/tiff' }), 400, 'too_many_pages');
    expectNothingFor(limited.boot);
    expect((await limited.api.extract({ async: 'true' }, { bytes: await tiff(2), type: 'image/tiff' })).status).toBe(202);
  });
});
