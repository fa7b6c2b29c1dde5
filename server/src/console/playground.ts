import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { Services } from '../app.js';
import { DEFAULT_RATE_LIMITS, type AuthContext } from '../auth/authenticate.js';
import { effectiveCapabilities } from '../auth/capabilities.js';
import type { ApiKey, Application } from '../db/repos/accounts.js';
import { ExtractionService } from '../extraction/extraction-service.js';
import { parseExtractionRequest } from '../extraction/parse-request.js';
import type { ReviewService } from './review-service.js';
import type { ReviewTextPage } from './page-images.js';

/** Active: neither revoked nor past its expiry. */
const isActive = (key: ApiKey, now: number) => key.revoked_at === null && (key.expires_at === null || Date.parse(key.expires_at) > now);

/**
 * The key the playground reads with: the one named (`credential_not_found` when the
 * application has no such key; `credential_required` when it is not an active secret key, the
 * only kind `POST /v1/extractions` takes), else the application's newest active secret key
 * (`credential_required` when it has none).
 */
export function playgroundKey(services: Services, application: Application, keyId: string | undefined): ApiKey {
  const now = Date.now();
  const keys = services.accounts.keys(application.id);
  if (keyId !== undefined) {
    const key = keys.find((k) => k.id === keyId);
    if (!key) throw new ServiceError('credential_not_found', { param: 'key_id' });
    if (key.kind !== 'secret' || !isActive(key, now)) throw new ServiceError('credential_required', { param: 'key_id', message: 'The playground reads with an active secret key of the application; this key is not one.' });
    return key;
  }
  const newest = keys.filter((k) => k.kind === 'secret' && isActive(k, now)).sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))[0];
  if (!newest) throw new ServiceError('credential_required');
  return newest;
}

/**
 * The credential context of a request made with `key`, as server/src/auth/authenticate.ts makes
 * it for the key itself: capabilities granted to the organization, enabled on the application
 * and held by the key. The application must be active (`application_disabled`, as the API
 * answers). The key's IP restrictions are not applied: the request comes from the console, not
 * from where the key is used.
 */
export function playgroundAuth(services: Services, key: ApiKey): AuthContext {
  const ctx = services.accounts.keyContextById(key.id);
  if (!ctx) throw new ServiceError('credential_required');
  const { application, organization } = ctx;
  if (organization.status === 'suspended') throw new ServiceError('tenant_suspended');
  if (organization.status === 'closed') throw new ServiceError('tenant_closed');
  if (application.status !== 'active') throw new ServiceError('application_disabled');
  return {
    kind: 'secret',
    key: ctx.key,
    application,
    organization,
    livemode: ctx.key.environment === 'live',
    scopes: effectiveCapabilities(organization.capabilities, application.capabilities, ctx.key.capabilities),
    token: null,
    rateLimitPerMinute: ctx.key.rate_limit_per_minute ?? DEFAULT_RATE_LIMITS[ctx.key.environment],
  };
}

export interface PlaygroundAnswer {
  status: 200 | 202;
  body: Record<string, unknown>;
}

/**
 * `POST .../playground`: the form of `POST /v1/extractions`, read with the key's rules (its
 * rate limit, the organization's file limit, its quota; webhooks as for the API), then the
 * extraction and its review data. Sets `request.auth` and `request.usage`: the request log
 * records it for the key.
 */
export async function runPlayground(services: Services, review: ReviewService, request: FastifyRequest, auth: AuthContext, pagesBase: string): Promise<PlaygroundAnswer> {
  request.auth = auth;
  const decision = services.limiter.hit(auth.key.id, auth.rateLimitPerMinute);
  if (!decision.allowed) throw new ServiceError('rate_limited', { details: { retry_after: decision.resetSeconds } });
  const req = await parseExtractionRequest(request, ExtractionService.maxFileBytes(auth));
  const outcome = await services.extractions.create(auth, req, request.id, undefined, { withOcr: true });
  request.usage = { documents: 1, pages: outcome.pages };
  const extraction = JSON.parse(outcome.body.toString('utf8')) as Record<string, unknown>;
  const kept = auth.application.data_policy.retention !== 'zero';
  if (outcome.status === 202) return { status: 202, body: { extraction, corrections: [], pages: [], ocr: null } };
  // Kept: the pages as the review view lists them. Not kept (zero retention): the lines read,
  // which this answer alone carries, and no image.
  const lines: ReviewTextPage[] = (outcome.ocr ?? []).map((p) => ({ number: p.page, width: p.width, height: p.height, source: p.source, lines: p.lines }));
  const pages = kept
    ? (await review.images.describe({ id: outcome.id, document_path: services.extractionsRepo.extraction(outcome.id)?.document_path ?? null, pages: outcome.pages }, {})).pages.map((p) => ({
        number: p.number,
        width: p.width,
        height: p.height,
        image_url: p.has_image ? `${pagesBase}/${outcome.id}/pages/${p.number}` : null,
      }))
    : lines.map((p) => ({ number: p.number, width: p.width, height: p.height, image_url: null }));
  return { status: 200, body: { extraction, corrections: [], pages, ocr: lines.length > 0 ? { pages: lines } : null } };
}
