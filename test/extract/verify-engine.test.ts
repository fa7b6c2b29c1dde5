// Verified mode through the Node engine and the CLI, with client_ocr input (no OCR models) and a
// local chat-completions server: when it is refused, what it sends, and what it returns.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { verificationFromEnv } from '../../engine/src/node/extract-command.js';
import { startChatServer, useChatServer, type ChatServer } from '../support/chat-server.js';
import { receiptPage } from '../support/receipt-lines.js';
import { runCli } from '../support/run-cli.js';

const NOW = new Date('2026-01-01T12:00:00Z');
const RECEIPT = receiptPage(['SHOP SDN BHD', 'Date: 01/02/2024', 'TOTAL 9.00']);
const answer = (fields: Record<string, unknown>) => JSON.stringify({ fields });

describe('Engine in verified mode', () => {
  const server = useChatServer(() => ({ content: answer({ merchant: { verdict: 'agree' }, amount: { verdict: 'disagree', value: '9.50' }, currency: { verdict: 'disagree', value: 'MYR' } }) }));

  it('checks the fields with the configured model after extraction', async () => {
    const engine = new Engine({ verification: { baseUrl: server.baseUrl, model: 'qwen2.5:3b', apiKey: 'local-key' } });
    const ex = await engine.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified', now: NOW, options: { include_ocr: true } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body?.model).toBe('qwen2.5:3b');
    expect(server.requests[0].headers.authorization).toBe('Bearer local-key');
    expect(server.requests[0].body?.messages?.[1].content).toContain('TOTAL 9.00');
    expect(ex.mode).toBe('verified');
    expect(ex.data).toMatchObject({ merchant: 'SHOP SDN BHD', amount: 9.5, currency: 'MYR' });
    expect(ex.fields.merchant.verified).toBe(true);
    expect(ex.fields.amount).toMatchObject({ status: 'corrected', source: 'verification', verified: true, raw_text: expect.stringContaining('9.00') });
    expect(ex.processing.verification).toMatchObject({ agreed: 1, disagreed: 1, filled: 1, rejected: 0 });
    expect(ex.review.reasons.map((r) => `${r.code}:${r.path}`)).toEqual(expect.arrayContaining(['verification_disagreed:amount', 'verification_filled:currency']));
    expect(ex.ocr?.pages).toHaveLength(1);
  });

  it('standard and fast modes never call the model', async () => {
    const engine = new Engine({ verification: { baseUrl: server.baseUrl, model: 'm' } });
    const standard = await engine.extract({ client_ocr: RECEIPT }, 'retail_receipt', { now: NOW });
    const fast = await engine.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'fast', now: NOW });
    expect(server.requests).toHaveLength(0);
    expect(standard.processing.verification).toBeUndefined();
    expect(fast.processing.verification).toBeUndefined();
    expect(standard.fields.merchant.verified).toBe(false);
  });

  it('is refused with verification_disabled without an endpoint or under the data policy llm: disabled, before anything is sent', async () => {
    const none = new Engine();
    await expect(none.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified' })).rejects.toMatchObject({ code: 'verification_disabled', status: 403, message: expect.stringContaining('no language-model endpoint') });
    await expect(new Engine({ verification: null }).extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified' })).rejects.toMatchObject({ code: 'verification_disabled' });
    const configured = new Engine({ verification: { baseUrl: server.baseUrl, model: 'm' } });
    await expect(configured.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified', llm: 'disabled' })).rejects.toMatchObject({ code: 'verification_disabled', message: expect.stringContaining('data policy') });
    // Refused before the input is read: even malformed input gets verification_disabled.
    await expect(configured.extract({ client_ocr: { lines: [] } }, 'retail_receipt', { mode: 'verified', llm: 'disabled' })).rejects.toMatchObject({ code: 'verification_disabled' });
    expect(server.requests).toHaveLength(0);
    // The policy only matters for verified mode; `enabled` is the default.
    await expect(configured.extract({ client_ocr: RECEIPT }, 'retail_receipt', { llm: 'disabled', now: NOW })).resolves.toMatchObject({ mode: 'standard' });
    await expect(configured.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified', llm: 'enabled', now: NOW })).resolves.toMatchObject({ mode: 'verified' });
  });

  it('still returns the extraction when the endpoint fails, with verification_failed', async () => {
    server.reply = () => ({ status: 503, body: 'loading model' });
    const engine = new Engine({ verification: { baseUrl: server.baseUrl, model: 'm' } });
    const ex = await engine.extract({ client_ocr: RECEIPT }, 'retail_receipt', { mode: 'verified', now: NOW });
    expect(ex.data).toMatchObject({ merchant: 'SHOP SDN BHD', amount: 9 });
    expect(ex.warnings.map((w) => w.code)).toEqual(['verification_failed']);
    expect(ex.processing.verification).toMatchObject({ agreed: 0, disagreed: 0, filled: 0, rejected: 0 });
    expect(ex.processing.verification!.unanswered).toBeGreaterThan(10);
  });
});

describe('DOCEX_LLM_* environment', () => {
  it('gives the endpoint, none when unset, and an error for half or malformed settings', () => {
    expect(verificationFromEnv({})).toEqual({ endpoint: null });
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: ' ', DOCEX_LLM_MODEL: '' })).toEqual({ endpoint: null });
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', DOCEX_LLM_MODEL: 'qwen2.5:3b' })).toEqual({ endpoint: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:3b' } });
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'https://llm.example/v1', DOCEX_LLM_MODEL: 'm', DOCEX_LLM_API_KEY: 'k', DOCEX_LLM_TIMEOUT_MS: '5000' })).toEqual({
      endpoint: { baseUrl: 'https://llm.example/v1', model: 'm', apiKey: 'k', timeoutMs: 5000 },
    });
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toHaveProperty('error');
    expect(verificationFromEnv({ DOCEX_LLM_MODEL: 'm' })).toHaveProperty('error');
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'localhost:8080', DOCEX_LLM_MODEL: 'm' })).toHaveProperty('error');
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'http://127.0.0.1:8080/v1', DOCEX_LLM_MODEL: 'm', DOCEX_LLM_TIMEOUT_MS: '2s' })).toHaveProperty('error');
    expect(verificationFromEnv({ DOCEX_LLM_BASE_URL: 'http://127.0.0.1:8080/v1', DOCEX_LLM_MODEL: 'm', DOCEX_LLM_TIMEOUT_MS: '0' })).toHaveProperty('error');
  });
});

describe('cli extract --mode verified', () => {
  let server: ChatServer;
  let dir: string;
  let slip: string;
  const unset = { DOCEX_LLM_BASE_URL: undefined, DOCEX_LLM_MODEL: undefined, DOCEX_LLM_API_KEY: undefined, DOCEX_LLM_TIMEOUT_MS: undefined };
  beforeAll(async () => {
    server = await startChatServer();
    server.reply = () => ({ content: answer({ merchant: { verdict: 'agree' }, amount: { verdict: 'agree', value: 9 } }) });
    dir = mkdtempSync(join(tmpdir(), 'cli-verified-'));
    slip = join(dir, 'slip.json');
    writeFileSync(slip, JSON.stringify(RECEIPT));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the endpoint of DOCEX_LLM_*; without it each file gets verification_disabled; a bad setting is a usage error', async () => {
    const [configured, missing, bad] = await Promise.all([
      runCli(['extract', '--json', '--mode', 'verified', slip], { ...unset, DOCEX_LLM_BASE_URL: `${server.baseUrl}/`, DOCEX_LLM_MODEL: 'cli-model', DOCEX_LLM_API_KEY: 'cli-key' }),
      runCli(['extract', '--json', '--mode', 'verified', slip, slip], unset),
      runCli(['extract', '--json', slip], { ...unset, DOCEX_LLM_BASE_URL: server.baseUrl, DOCEX_LLM_MODEL: 'm', DOCEX_LLM_TIMEOUT_MS: 'soon' }),
    ]);
    const line = JSON.parse(configured.stdout.trim());
    expect(line.extraction).toMatchObject({ mode: 'verified', processing: { verification: { agreed: 2 } } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body?.model).toBe('cli-model');
    expect(server.requests[0].headers.authorization).toBe('Bearer cli-key');

    const refused = missing.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(refused).toEqual([
      { file: slip, error: { code: 'verification_disabled', message: expect.any(String) } },
      { file: slip, error: { code: 'verification_disabled', message: expect.any(String) } },
    ]);
    expect(missing.code).toBe(0);

    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DOCEX_LLM_TIMEOUT_MS');
    expect(bad.stdout).toBe('');
  }, 120_000);
});
