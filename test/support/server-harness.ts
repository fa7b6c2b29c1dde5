import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bootstrap, type BootstrapResult } from '../../server/src/admin/bootstrap.js';
import { buildApp, type AppOptions } from '../../server/src/app.js';
import { readServerConfig, type ServerConfig } from '../../server/src/config.js';
import type { Environment } from '../../server/src/db/repos/accounts.js';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  dataDir: string;
  /** The bootstrap organization (every capability), as `cli bootstrap` makes it. */
  boot: BootstrapResult;
  /** Another organization made the same way, for cross-tenant checks. */
  bootAnother(environment?: Environment, rateLimit?: number): BootstrapResult;
  close(): Promise<void>;
}

/**
 * A server over a fresh temporary data directory, bootstrapped as an operator would; tests
 * drive it with `app.inject` (or `listen` on port 0). `close` removes the directory.
 */
export async function startTestServer(options: AppOptions & { environment?: Environment; rateLimit?: number; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-server-'));
  const config = readServerConfig({ DATA_DIR: dataDir, ...options.env });
  const app = await buildApp(config, { textWorkers: 1, ...options });
  await app.ready();
  const make = (environment: Environment = options.environment ?? 'development', rateLimit = options.rateLimit ?? 100_000) =>
    bootstrap(app.services.accounts, config.organizationDefaults, { environment, rateLimit });
  return {
    app,
    config,
    dataDir,
    boot: make(),
    bootAnother: make,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FormPart {
  name: string;
  value: string | Uint8Array;
  /** Makes the part a file. */
  filename?: string;
  /** A file part's declared type (default application/octet-stream). */
  type?: string;
}

/** A multipart body of parts in the order given (repeats allowed, as a careless client may send). */
export function formBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----docex${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body for `POST /v1/extractions` (fields as text; `file` as bytes with an optional type). */
export function multipart(fields: Record<string, string>, file?: { bytes: Uint8Array; type?: string; name?: string }): { payload: Buffer; headers: Record<string, string> } {
  const parts: FormPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', value: file.bytes, filename: file.name ?? 'document', type: file.type });
  return formBody(parts);
}

/** A small card-payment slip as client_ocr lines (coordinates 0 to 1). */
export const SLIP_CLIENT_OCR = {
  width: 1000,
  height: 2000,
  lines: [
    ['ACME COFFEE', 0.05],
    ['12 Main St, Springfield', 0.08],
    ['Date: 03/14/2025 10:42', 0.15],
    ['VISA ************1234', 0.2],
    ['AUTH CODE: 123456', 0.23],
    ['TOTAL USD 12.50', 0.3],
    ['APPROVED', 0.35],
  ].map(([text, y]) => ({ text, bounding_box: { x: 0.1, y, width: 0.7, height: 0.02 } })),
};
