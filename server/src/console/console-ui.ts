import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEFAULT_UI_DIR = fileURLToPath(new URL('../../../out/console/', import.meta.url));

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Console not built</title></head>
<body><main><h1>The console is not built</h1><p>Run <code>npm run build:console</code>, then reload this page.</p></main></body></html>`;

/**
 * The console's pages: the files vite built, and `console.html` for every other path under
 * `/console/` so that the React router can answer deep links.
 */
export function consoleUi(uiDir = DEFAULT_UI_DIR) {
  return async (app: FastifyInstance): Promise<void> => {
    const built = existsSync(`${uiDir}/console.html`);
    if (built) await app.register(fastifyStatic, { root: uiDir, prefix: '/console/', wildcard: false, index: false, decorateReply: true });
    const page = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      built ? reply.header('Cache-Control', 'no-cache').sendFile('console.html') : reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    app.get('/console', async (_request, reply) => reply.redirect('/console/'));
    app.get('/console/', page);
    app.get('/console/*', async (request, reply) => {
      // Unknown API paths keep the error body.
      if (request.url.startsWith('/console/api/')) return reply.callNotFound();
      return page(request, reply);
    });
  };
}
