import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { KeyAdmin, type KeyRequest } from '../../server/src/admin/key-admin.js';
import { keyHashHex } from '../../server/src/auth/key-material.js';
import { multipart, SLIP_CLIENT_OCR } from './server-harness.js';
import type { ApiResponse, Transport } from './server-transport.js';

export { TRANSPORTS } from './server-transport.js';

/**
 * Shared pieces of the API tests: both transports behind one call shape, the checks every
 * error answer must pass, and direct ways to make keys and read their ids.
 */

export const bearer = (credential: string): Record<string, string> => ({ authorization: `Bearer ${credential}` });

export interface ExpectedError {
  status: number;
  type: string;
  code: string;
  param?: string;
}

/**
 * The checks every error answer passes: status, type and code; `request_id` equal to the
 * `X-Request-Id` header; a `WWW-Authenticate: Bearer realm=...` challenge on a 401 and none
 * otherwise; `Retry-After` on a 429; and none of `submitted` (credentials, values) repeated in
 * the body or any header.
 */
export function expectApiError(res: ApiResponse, expected: ExpectedError, submitted: readonly string[] = []): void {
  const summary = `${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, summary).toBe(expected.status);
  expect(res.body?.error, summary).toBeTypeOf('object');
  const error = res.body.error;
  expect(error.code, summary).toBe(expected.code);
  expect(error.type, summary).toBe(expected.type);
  if (expected.param !== undefined) expect(error.param, summary).toBe(expected.param);
  expect(error.message).toBeTypeOf('string');
  expect(error.request_id).toMatch(/^svc_req_/);
  expect(error.request_id).toBe(res.headers['x-request-id']);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  if (expected.status === 401) expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="[^"]+"/);
  else expect(res.headers['www-authenticate']).toBeUndefined();
  // A rate window ends within a minute; a quota refusal counts to the next month.
  if (expected.status === 429) expectRetryAfter(res, expected.code === 'rate_limited' ? 60 : 31 * 86_400);
  expectNotEchoed(res, submitted);
}

/** None of `submitted` (nor its part after a known prefix) appears in the body or a header. */
export function expectNotEchoed(res: ApiResponse, submitted: readonly string[]): void {
  const text = JSON.stringify(res.body) + '\n' + Object.values(res.headers).join('\n');
  for (const value of submitted) {
    // A bare prefix is no secret (the catalogue's messages name the prefixes).
    const secretPart = value.replace(/^(Bearer\s+|Basic\s+)?(svc_pk_live_|svc_pk_test_|svc_live_|svc_test_|svc_ct_)?/, '');
    if (secretPart === '') continue;
    expect(text).not.toContain(value);
    if (secretPart.length >= 8) expect(text).not.toContain(secretPart);
  }
}

export function expectRetryAfter(res: ApiResponse, max = 60): number {
  const retry = res.headers['retry-after'];
  expect(retry).toMatch(/^\d+$/);
  const seconds = Number(retry);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(max);
  return seconds;
}

/** The three rate-limit headers; returns them as numbers. */
export function expectRateHeaders(res: ApiResponse, limit?: number): { limit: number; remaining: number; reset: number } {
  for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers[h], `${h} on ${res.status}`).toMatch(/^\d+$/);
  const out = { limit: Number(res.headers['x-ratelimit-limit']), remaining: Number(res.headers['x-ratelimit-remaining']), reset: Number(res.headers['x-ratelimit-reset']) };
  if (limit !== undefined) expect(out.limit).toBe(limit);
  expect(out.remaining).toBeLessThanOrEqual(out.limit);
  expect(out.reset).toBeGreaterThanOrEqual(1);
  expect(out.reset).toBeLessThanOrEqual(60);
  return out;
}

/** The id (`key_...`) of a key string, read by its hash as the server does. */
export function keyIdOf(app: FastifyInstance, key: string): string {
  const ctx = app.services.accounts.keyContextByHash(keyHashHex(key));
  if (!ctx) throw new Error('no such key');
  return ctx.key.id;
}

/** A key made through the operator's key administration, as the console would (a secret key unless `kind` says otherwise). */
export function createKey(app: FastifyInstance, applicationId: string, req: Omit<KeyRequest, 'kind'> & { kind?: KeyRequest['kind'] }): { key: string; id: string } {
  const application = app.services.accounts.application(applicationId);
  if (!application) throw new Error('no such application');
  const made = new KeyAdmin(app.services.accounts).create(application, { kind: 'secret', ...req });
  return { key: made.key, id: made.record.id };
}

/** `POST /v1/extractions` with the card-slip client_ocr lines. */
export async function extractSlip(api: Transport, credential: string, fields: Record<string, string> = {}): Promise<ApiResponse> {
  const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), ...fields });
  return api({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, ...bearer(credential) }, payload: form.payload });
}

/** `POST /v1/client-tokens` with a secret key. */
export async function mintToken(api: Transport, secretKey: string, body: Record<string, unknown> = {}): Promise<ApiResponse> {
  return api({ method: 'POST', url: '/v1/client-tokens', headers: bearer(secretKey), json: body });
}

/** A token string minted by `secretKey`; fails the test when minting fails. */
export async function tokenFor(api: Transport, secretKey: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await mintToken(api, secretKey, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

export async function me(api: Transport, credential: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return api({ method: 'GET', url: '/v1/me', headers: { ...bearer(credential), ...headers } });
}
