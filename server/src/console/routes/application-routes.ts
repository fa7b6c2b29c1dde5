import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';

/** Console API: applications, their settings, data policy and states; keys; the audit log. */
export function applicationRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx;
    void app;
  };
}
