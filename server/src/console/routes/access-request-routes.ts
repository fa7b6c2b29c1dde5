import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';

/** Console API: access requests (public form; decisions are the operator's, in the CLI). */
export function accessRequestRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx;
    void app;
  };
}
