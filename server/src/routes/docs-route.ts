import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The pages the server links to: error bodies' `doc_url` and the webhook `User-Agent`. */
const PAGES: Record<string, string> = { errors: 'errors.md', webhooks: 'webhooks.md' };
const DOCS_DIR = new URL('../../../docs/', import.meta.url);

/** `User-Agent` of webhook attempts: the agent, version 1.0, and where its documentation is. */
export function webhookUserAgent(publicUrl: string): string {
  return `docex-webhooks/1.0 (+${publicUrl}/docs/webhooks)`;
}

/**
 * `GET /docs/errors` and `GET /docs/webhooks`: the repository's Markdown pages, without a
 * credential, so the links the server hands out (`doc_url`, the webhook `User-Agent`) lead
 * somewhere. Read once at start; not part of the `/v1` description.
 */
export async function docsRoute(app: FastifyInstance): Promise<void> {
  for (const [name, file] of Object.entries(PAGES)) {
    const text = readFileSync(new URL(file, DOCS_DIR), 'utf8');
    app.get(`/docs/${name}`, { config: { credential: 'none' }, schema: { hide: true } }, async (_request, reply) => reply.type('text/markdown; charset=utf-8').send(text));
  }
}
