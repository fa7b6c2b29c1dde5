import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type onRequestHookHandler, type onResponseHookHandler, type preValidationHookHandler } from 'fastify';
import { randomBytes } from 'node:crypto';
import { ServiceError } from '../../engine/src/errors/service-error.js';
import { authenticate, type AuthContext, type CredentialRule } from './auth/authenticate.js';
import { webhookSettingWarnings, type ServerConfig } from './config.js';
import { AccountsRepo } from './db/repos/accounts.js';
import { DocumentTypesRepo } from './db/repos/document-types.js';
import { ExtractionsRepo } from './db/repos/extractions.js';
import { RequestLogRepo } from './db/repos/request-log.js';
import { openDatabase, type Db } from './db/open-database.js';
import { DocumentTypeService } from './doctypes/document-type-service.js';
import { ExtractionRunner } from './extraction/extraction-runner.js';
import { ExtractionService } from './extraction/extraction-service.js';
import { handleError, handleNotFound } from './http/error-handler.js';
import { securityHeaders } from './http/security-headers.js';
import { answerClientError, frameworkErrors, MAX_PARAM_LENGTH, validatorCompilers } from './http/framework-answers.js';
import { WindowLimiter } from './http/rate-limiter.js';
import { SHARED_SCHEMAS } from './http/schemas.js';
import { newId } from './ids.js';
import { JobQueue, type QueueSettings } from './queue/job-queue.js';
import { RetentionSweeper } from './retention.js';
import { accountRoutes } from './routes/account-routes.js';
import { documentTypeRoutes } from './routes/document-type-routes.js';
import { extractionRoutes } from './routes/extraction-routes.js';
import { openapiRoute, OPENAPI_OPTIONS } from './routes/openapi-route.js';
import { WebhooksRepo } from './db/repos/webhooks.js';
import { OrganizationsRepo } from './db/repos/organizations.js';
import { MembersRepo } from './db/repos/members.js';
import { loadSecretBox } from './webhooks/secret-box.js';
import type { Resolver } from './webhooks/url-guard.js';
import { WebhookSender } from './webhooks/webhook-sender.js';
import { WebhookService } from './webhooks/webhook-service.js';
import { docsRoute, webhookUserAgent } from './routes/docs-route.js';
import { consolePlugin, type ConsoleOptions } from './console/console-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which credential the route takes; `none` for the public description. */
    credential?: CredentialRule | 'none';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Documents and pages this request accepted, for the request log. */
    usage: { documents: number; pages: number } | null;
  }
  interface FastifyInstance {
    services: Services;
  }
}

export interface Services {
  config: ServerConfig;
  db: Db;
  accounts: AccountsRepo;
  extractionsRepo: ExtractionsRepo;
  documentTypesRepo: DocumentTypesRepo;
  requestLog: RequestLogRepo;
  documentTypes: DocumentTypeService;
  extractions: ExtractionService;
  runner: ExtractionRunner;
  queue: JobQueue;
  retention: RetentionSweeper;
  webhooksRepo: WebhooksRepo;
  webhookSender: WebhookSender;
  webhooks: WebhookService;
  limiter: WindowLimiter;
  sessionLimiter: WindowLimiter;
  tokenSecret: Buffer;
}

export interface AppOptions {
  /** Run the queue and the retention purge in this process (default true). */
  background?: boolean;
  queue?: QueueSettings;
  syncTimeoutMs?: number;
  textWorkers?: number;
  logger?: boolean;
  /** Webhook delivery for tests: their own resolver, CA certificates, timeout or pause between looks. */
  webhooks?: { resolver?: Resolver; ca?: string | Buffer | (string | Buffer)[]; timeoutMs?: number; pollMs?: number };
  console?: ConsoleOptions;
}

const SDK_PLATFORMS = new Set(['web', 'ios', 'android', 'react-native', 'flutter', 'node', 'python']);

/**
 * The server: the `/v1` API on Fastify over the SQLite data directory. Tests drive it with
 * `inject`; `npm start` listens with it. Closing it stops the queue, flushes the request log,
 * ends the worker pools and closes the database.
 */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const db = openDatabase(config.dataDir);
  const accounts = new AccountsRepo(db);
  const webhooksRepo = new WebhooksRepo(db);
  const secretBox = loadSecretBox(config.encryptionKey, config.dataDir, config.autoEncryptionKey);
  const webhookSender = new WebhookSender(webhooksRepo, secretBox, {
    ...config.webhooks,
    userAgent: webhookUserAgent(config.publicUrl),
    ...options.webhooks,
  });
  const extractionsRepo = new ExtractionsRepo(db, {
    resultCacheBytes: config.resultCacheBytes,
    // Deliveries are stored with their event; the sender looks once the transaction is over.
    onEvent: (e) => {
      if (webhooksRepo.fanOut(e) > 0) webhookSender.poke();
    },
  });
  const documentTypesRepo = new DocumentTypesRepo(db);
  const requestLog = new RequestLogRepo(db);
  const documentTypes = new DocumentTypeService(documentTypesRepo);
  const runner = new ExtractionRunner({ verification: config.llm, textWorkers: options.textWorkers });
  const queue = new JobQueue(extractionsRepo, documentTypes, runner, options.queue);
  const extractions = new ExtractionService(extractionsRepo, documentTypes, runner, { dataDir: config.dataDir, syncTimeoutMs: options.syncTimeoutMs, onQueued: () => queue.poke() });
  // Client tokens are signed with a secret made once per data directory, so they outlive restarts.
  const tokenSecret = Buffer.from(accounts.settingOnce('token_signing_secret', randomBytes(32).toString('hex')), 'hex');
  const services: Services = {
    config,
    db,
    accounts,
    extractionsRepo,
    documentTypesRepo,
    requestLog,
    documentTypes,
    extractions,
    runner,
    queue,
    retention: new RetentionSweeper(extractionsRepo, requestLog, webhooksRepo, undefined, { organizations: new OrganizationsRepo(db), members: new MembersRepo(db) }),
    webhooksRepo,
    webhookSender,
    webhooks: new WebhookService(accounts, webhooksRepo, secretBox, webhookSender, { allowPrivateTargets: config.webhooks.allowPrivateTargets, resolver: options.webhooks?.resolver }),
    limiter: new WindowLimiter(),
    sessionLimiter: new WindowLimiter(),
    tokenSecret,
  };

  const app = Fastify({
    logger: options.logger ? { level: 'info', redact: ['req.headers.authorization', 'req.headers["x-service-key"]'] } : false,
    genReqId: () => newId('svc_req_'),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    bodyLimit: 1_000_000,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    schemaController: validatorCompilers(),
    clientErrorHandler: answerClientError,
    frameworkErrors: frameworkErrors(handleError),
  });
  app.decorate('services', services);
  app.decorateRequest('auth', null);
  app.decorateRequest('errorCode', null);
  app.decorateRequest('usage', null);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);

  await app.register(cors, {
    // Any page's origin is reflected (publishable keys carry their own origin rules, checked
    // with the credential). A request without `Origin` is not a CORS request and gets no CORS
    // headers: server-to-server calls skip that work.
    origin: (origin, cb) => cb(null, origin !== undefined),
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'X-Service-Key', 'Content-Type', 'Idempotency-Key', 'X-Service-Bundle-Id', 'X-Service-SDK'],
    exposedHeaders: ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    maxAge: 600,
  });
  await securityHeaders(app);
  await app.register(swagger, OPENAPI_OPTIONS);

  // Every response names its request.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });

  // The other hooks are attached to the routes that need them when each route is declared,
  // with what they need from the route (its credential rule, its URL) in hand: reading
  // `request.routeOptions` builds a new object on every access. They are synchronous callbacks,
  // not async functions: each promise a hook returns costs the request a turn of the microtask
  // queue.
  app.addHook('onRoute', (route) => {
    const rule = route.config?.credential;
    if (rule !== undefined && rule !== 'none') {
      route.onRequest = [credentialHook(rule), ...hookList(route.onRequest)];
      route.onResponse = [...hookList(route.onResponse), requestLogHook(route.url)];
    }
    // A JSON route sent without a body is judged as `{}`: its schema then says what is missing,
    // and routes whose fields are all optional (client tokens, sessions, publish) need no body.
    if (route.schema?.body) route.preValidation = [emptyBodyHook, ...hookList(route.preValidation)];
  });

  function credentialHook(rule: CredentialRule): onRequestHookHandler {
    return (request, reply, done) => {
      try {
        const view = accounts.current();
        // The operator's switch (`cli api disable`), effective from the next request.
        if (view.setting('api_enabled') === 'false') throw new ServiceError('receviz_disabled');
        const auth = authenticate(request, rule, view, tokenSecret);
        request.auth = auth;
        const decision = services.limiter.hit(auth.key.id, auth.rateLimitPerMinute);
        void reply.headers({ 'X-RateLimit-Limit': String(decision.limit), 'X-RateLimit-Remaining': String(decision.remaining), 'X-RateLimit-Reset': String(decision.resetSeconds) });
        if (!decision.allowed) throw new ServiceError('rate_limited', { details: { retry_after: decision.resetSeconds } });
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
  }

  function requestLogHook(route: string): onResponseHookHandler {
    return (request, reply, done) => {
      const auth = request.auth;
      if (!auth) return done();
      const sdk = request.headers['x-service-sdk'];
      const platform = typeof sdk === 'string' && sdk.includes('/') ? sdk.split('/')[0].trim().toLowerCase() : null;
      requestLog.record({
        application_id: auth.application.id,
        key_id: auth.key.id,
        method: request.method,
        route,
        status: reply.statusCode,
        code: request.errorCode,
        duration_ms: reply.elapsedTime,
        documents: request.usage?.documents ?? 0,
        pages: request.usage?.pages ?? 0,
        sdk: platform === null ? null : SDK_PLATFORMS.has(platform) ? platform : 'other',
        created_at: new Date().toISOString(),
      });
      done();
    };
  }

  await app.register(extractionRoutes);
  await app.register(accountRoutes);
  await app.register(documentTypeRoutes);
  await app.register(openapiRoute);
  await app.register(docsRoute);
  await app.register(consolePlugin(options.console));

  app.addHook('onReady', async () => {
    if (options.background === false) return;
    queue.start((err) => app.log.error({ err }, 'job queue failure'));
    services.retention.start((err) => app.log.error({ err }, 'retention sweep failed'));
    webhookSender.start((err) => app.log.error({ err }, 'webhook delivery failure'));
  });
  for (const warning of webhookSettingWarnings(config)) app.log.warn(warning);
  app.addHook('onClose', async () => {
    await queue.stop();
    await webhookSender.stop();
    services.retention.stop();
    await requestLog.close();
    await runner.close();
    db.close();
  });
  return app;
}

const emptyBodyHook: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

/** A route's own hooks of one kind, as a list (Fastify takes one function or an array). */
function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
