import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { TestServer } from './server-harness.js';
import { multipart } from './server-harness.js';
import { expectApiError } from './api-checks.js';
import type { ApiResponse, Transport } from './server-transport.js';

/** The card-payment receipt image of the README's quick start. */
export const SAMPLE_RECEIPT_PNG = new Uint8Array(readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url)));

/** The spec's error type for each status. */
const TYPE_OF_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'service_unavailable_error',
  504: 'processing_error',
};

/**
 * Strings the tests put into submitted values (metadata, options, client_ocr text, keys,
 * definitions, file bytes): an error body must never repeat one of them.
 */
export const SENTINEL = 'zq7sentinel';

export interface ErrorExpectations {
  param?: string;
  /** Also assert these substrings are absent from the body (beyond SENTINEL). */
  absent?: string[];
}

/**
 * The common checks of `expectApiError` (status, type, code, param, request_id, challenge and
 * Retry-After where due, no submitted value echoed, SENTINEL included), plus a doc_url for the
 * code and no stack trace. Returns the `error` object.
 */
export function expectError(res: ApiResponse, status: number, code: string, expected: ErrorExpectations = {}) {
  expectApiError(res, { status, type: TYPE_OF_STATUS[status], code, param: expected.param }, [SENTINEL, ...(expected.absent ?? [])]);
  const e = res.body.error;
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.doc_url).toContain(code);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/); // no stack trace
  return e as { type: string; code: string; message: string; param?: string; details?: Record<string, unknown>; request_id: string };
}

/** Requests to the API with one credential. */
export class ApiClient {
  constructor(
    readonly t: Transport,
    readonly credential: string,
  ) {}

  private auth(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.credential}`, ...extra };
  }

  /** `POST /v1/extractions` with form fields and an optional file. */
  extract(fields: Record<string, string>, file?: { bytes: Uint8Array; type?: string; name?: string }, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const form = multipart(fields, file);
    return this.t({ method: 'POST', url: '/v1/extractions', headers: this.auth({ ...form.headers, ...headers }), payload: form.payload });
  }

  get(url: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return this.t({ method: 'GET', url, headers: this.auth(headers) });
  }

  post(url: string, json?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return this.t({ method: 'POST', url, headers: this.auth(headers), ...(json === undefined ? {} : { json }) });
  }

  put(url: string, json: unknown): Promise<ApiResponse> {
    return this.t({ method: 'PUT', url, headers: this.auth(), json });
  }

  /** GETs an extraction until it is final (succeeded or failed). */
  async waitFinal(id: string, timeoutMs = 30_000): Promise<ApiResponse> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.get(`/v1/extractions/${id}`);
      if (res.status !== 200 || ['succeeded', 'failed'].includes(res.body.status)) return res;
      if (Date.now() > until) throw new Error(`extraction ${id} still ${String(res.body.status)} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** Rows in a table, optionally filtered by a WHERE clause. */
export function countRows(s: TestServer, table: 'extractions' | 'events' | 'jobs' | 'idempotency_keys', where = '1 = 1', ...params: unknown[]): number {
  return s.app.services.db.prepare(`SELECT COUNT(*) FROM ${table} WHERE ${where}`).pluck().get(...params) as number;
}

/** Events recorded for an extraction, as (type) list. */
export function eventTypes(s: TestServer, extractionId: string): string[] {
  return s.app.services.extractionsRepo.events(extractionId).map((e) => e.type);
}
