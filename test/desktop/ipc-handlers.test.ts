// main's IPC handlers: every channel's input is checked before the backend sees it, and answers
// and errors cross the process boundary as data (the error body, not a thrown Error).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { createHandlers, dispatch, MAX_CAPTURE_BYTES, type IpcHandlers } from '../../main/src/ipc/ipc-handlers.js';

const RECEIPT = new Uint8Array(readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url)));
const engine = new Engine();
let dir: string;
let backend: DesktopBackend;
let handlers: IpcHandlers;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'docex-ipc-'));
  backend = DesktopBackend.open({ dataDir: dir, engine, sender: { pollMs: 60_000 } });
  handlers = createHandlers(backend);
});
afterAll(async () => {
  await backend?.close();
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = (r: { ok: boolean; error?: { code: string; param?: string } }) => (r.ok ? null : { code: r.error!.code, param: r.error!.param });

describe('IPC dispatch', () => {
  it('runs the capture, review, correction and acceptance channels', async () => {
    const captured = await dispatch(handlers, 'capture', { bytes: RECEIPT, name: 'receipt.png', media_type: 'image/png', source: 'file' });
    expect(captured).toMatchObject({ ok: true, value: { name: 'receipt.png', source: 'file', reading: true } });
    const id = (captured as { value: { id: string } }).value.id;
    await backend.idle();
    const review = await dispatch(handlers, 'review', { id });
    expect(review).toMatchObject({ ok: true, value: { document: { id, status: 'extracted', reading: false, progress: null }, pages: [{ number: 1 }] } });
    const image = await dispatch(handlers, 'page_image', { id, page: 1 });
    expect(image).toMatchObject({ ok: true, value: { type: 'image/png' } });
    expect((image as { value: { bytes: Uint8Array } }).value.bytes).toBeInstanceOf(Uint8Array);
    expect(await dispatch(handlers, 'correct', { id, field: 'amount', value: 20 })).toMatchObject({ ok: true, value: { field: { value: 20, status: 'corrected' } } });
    expect(await dispatch(handlers, 'accept', { id })).toMatchObject({ ok: true, value: { review: 'done' } });
    expect(await dispatch(handlers, 'documents', {})).toMatchObject({ ok: true, value: [{ id }] });
    expect(await dispatch(handlers, 'settings', {})).toMatchObject({ ok: true, value: { server_url: null, send: 'lines' } });
    expect(await dispatch(handlers, 'sync_now', {})).toEqual({ ok: true, value: { sent: 0 } });
  }, 120_000);

  it('refuses unknown channels and inputs that do not fit, naming the place', async () => {
    expect(refusal(await dispatch(handlers, 'shell_exec', {}))).toEqual({ code: 'invalid_parameters', param: 'channel' });
    expect(refusal(await dispatch(handlers, 'capture', { bytes: 'not bytes', name: 'x', source: 'file' }))).toEqual({ code: 'invalid_parameters', param: 'bytes' });
    expect(refusal(await dispatch(handlers, 'capture', { bytes: RECEIPT, name: 'x', source: 'folder' }))).toEqual({ code: 'invalid_parameters', param: 'source' });
    expect(refusal(await dispatch(handlers, 'review', { id: 'x', extra: 1 }))).toMatchObject({ code: 'invalid_parameters' });
    expect(refusal(await dispatch(handlers, 'page_image', { id: 'x', page: 0 }))).toEqual({ code: 'invalid_parameters', param: 'page' });
    expect(refusal(await dispatch(handlers, 'configure', { document_type: 'Bad Type' }))).toEqual({ code: 'invalid_parameters', param: 'document_type' });
    expect(refusal(await dispatch(handlers, 'review', { id: 'doc_missing' }))).toEqual({ code: 'extraction_not_found', param: undefined });
    expect(refusal(await dispatch(handlers, 'capture', { bytes: new Uint8Array(MAX_CAPTURE_BYTES + 1), name: 'big.png', source: 'file' }))).toEqual({ code: 'file_too_large', param: undefined });
    const secret = await dispatch(handlers, 'configure', { server_url: 'http://127.0.0.1:9', publishable_key: 'svc_test_abcdefghijklmnopqrstuvwxyz' });
    expect(refusal(secret)).toEqual({ code: 'publishable_key_required', param: 'publishable_key' });
    // An error is data, as the renderer reads it: no stack, no request id.
    expect(secret).toEqual({ ok: false, error: expect.not.objectContaining({ stack: expect.anything(), request_id: expect.anything() }) });
  });
});
