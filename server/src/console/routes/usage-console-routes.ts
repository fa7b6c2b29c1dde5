import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console-context.js';

/** Console API: usage charts and the month's documents against the quota. */
export function usageConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    void ctx;
    void app;
  };
}
