import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';

/** Console API: document types, drafts, validation, publication, versions, proposals. */
export function documentTypeConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx;
    void app;
  };
}
