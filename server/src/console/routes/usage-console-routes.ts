import type { FastifyInstance } from 'fastify';
import { invalidParameter } from '../../http/invalid-parameter.js';
import type { ConsoleContext } from '../console-context.js';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageReport } from '../usage-report.js';

/**
 * Console API: usage by UTC day over the last `days` days (1 to 90, default 30) for the whole
 * organization or one of its applications, and the organization's documents this month against
 * its quota. Every member reads it.
 */
export function usageConsoleRoutes(ctx: ConsoleContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const { requestLog, extractions } = app.services;

    app.get('/organizations/:org/usage', async (request) => {
      const access = ctx.org(request, (request.params as { org: string }).org);
      const query = request.query as { days?: unknown; application?: unknown };
      let days = DEFAULT_USAGE_DAYS;
      if (query.days !== undefined) {
        days = typeof query.days === 'string' && /^\d{1,3}$/.test(query.days) ? Number(query.days) : 0;
        if (days < 1 || days > MAX_USAGE_DAYS) throw invalidParameter('days', `must be a whole number from 1 to ${MAX_USAGE_DAYS}`);
      }
      if (query.application !== undefined && typeof query.application !== 'string') throw invalidParameter('application', 'must be one application id');
      const application = query.application === undefined ? null : ctx.application(access, query.application);
      const now = new Date();
      const report = await usageReport(requestLog, application ? { applicationId: application.id } : { organizationId: access.organization.id }, days, now);
      return {
        ...report,
        application: application?.id ?? null,
        month: { documents: extractions.organizationDocuments(access.organization.id, now), quota: access.organization.monthly_quota },
      };
    });
  };
}
