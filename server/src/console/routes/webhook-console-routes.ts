import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';

/** Console API: webhook endpoints and deliveries. */
export function webhookConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx;
    void app;
  };
}
