import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { MembersRepo } from '../db/repos/members.js';
import { ConsoleContext } from './console-context.js';
import { ConsoleSessions } from './console-session.js';
import { consoleUi } from './console-ui.js';
import { accessRequestRoutes } from './routes/access-request-routes.js';
import { applicationRoutes } from './routes/application-routes.js';
import { documentTypeConsoleRoutes } from './routes/document-type-console-routes.js';
import { extractionConsoleRoutes } from './routes/extraction-console-routes.js';
import { organizationRoutes } from './routes/organization-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { usageConsoleRoutes } from './routes/usage-console-routes.js';
import { webhookConsoleRoutes } from './routes/webhook-console-routes.js';

export interface ConsoleOptions {
  /** The built console (`npm run build:console`); default `out/console` of the checkout. */
  uiDir?: string;
}

/**
 * The console: its API under `/console/api` (session cookie, CSRF token, roles; the API's error
 * body) and its React pages under `/console/`. Paths and rules: docs/console.md.
 */
export function consolePlugin(options: ConsoleOptions = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(cookie);
    const members = new MembersRepo(app.services.db);
    const sessions = new ConsoleSessions(members);
    const ctx = new ConsoleContext(sessions, app.services.accounts, members);
    await app.register(
      async (api) => {
        await api.register(sessionRoutes(sessions));
        await api.register(accessRequestRoutes(ctx));
        await api.register(organizationRoutes(ctx));
        await api.register(applicationRoutes(ctx));
        await api.register(webhookConsoleRoutes(ctx));
        await api.register(documentTypeConsoleRoutes(ctx));
        await api.register(extractionConsoleRoutes(ctx));
        await api.register(usageConsoleRoutes(ctx));
      },
      { prefix: '/console/api' },
    );
    await app.register(consoleUi(options.uiDir));
  };
}
