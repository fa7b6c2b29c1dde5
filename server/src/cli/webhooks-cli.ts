import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isServiceError } from '../../../engine/src/errors/service-error.js';
import { ConfigError, readServerConfig, webhookSettingWarnings } from '../config.js';
import { AccountsRepo } from '../db/repos/accounts.js';
import { WebhooksRepo } from '../db/repos/webhooks.js';
import { openDatabase } from '../db/open-database.js';
import { webhookUserAgent } from '../routes/docs-route.js';
import { loadSecretBox } from '../webhooks/secret-box.js';
import { WebhookSender } from '../webhooks/webhook-sender.js';
import { deliverySummary, endpointSummary, WebhookService } from '../webhooks/webhook-service.js';

export const WEBHOOKS_USAGE = `Usage: npm run --silent cli -- webhooks add        --application APP --url URL [--events a,b] [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks list       --application APP [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks test       --endpoint ID [--message TEXT] [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks enable     --endpoint ID [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks disable    --endpoint ID [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks rotate     --endpoint ID [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks remove     --endpoint ID [--data-dir DIR] [--json]
       npm run --silent cli -- webhooks deliveries --endpoint ID [--limit N] [--data-dir DIR] [--json]

  add         registers an https endpoint (5 per application); prints {"id", "secret"}: the
              signing secret is shown only here (and by rotate)
  test        sends webhook.test to that endpoint now and prints the attempt
  enable      enables an endpoint again, its count of failures in a row reset
  events      extraction.completed, extraction.failed, verification.completed (none: all)
WEBHOOK_ALLOW_PRIVATE_TARGETS, WEBHOOK_RETRY_SCHEDULE and NODE_EXTRA_CA_CERTS apply as to the server.
Exit status: 0 done, 1 refused ({"error": {code, message}} with --json), 2 usage error.`;

const SUBCOMMANDS = ['add', 'list', 'test', 'enable', 'disable', 'rotate', 'remove', 'deliveries'];

/** `cli webhooks ...`: the operator's webhook endpoints; works while the server runs. */
export async function runWebhooksCommand(argv: string[], out: (s: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        application: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'string' },
        endpoint: { type: 'string' },
        id: { type: 'string' },
        message: { type: 'string' },
        limit: { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${WEBHOOKS_USAGE}\n`);
    return 2;
  }
  const { values: v, positionals } = parsed;
  const sub = positionals[1];
  const usage = (why: string) => {
    process.stderr.write(`${why}\n\n${WEBHOOKS_USAGE}\n`);
    return 2;
  };
  if (!SUBCOMMANDS.includes(sub ?? '')) return usage(`webhooks needs one of ${SUBCOMMANDS.join(', ')}`);
  const endpointId = v.endpoint ?? v.id;
  if ((sub === 'add' || sub === 'list') && !v.application) return usage('--application is required');
  if (sub === 'add' && v.url === undefined) return usage('--url is required');
  if (sub !== 'add' && sub !== 'list' && !endpointId) return usage('--endpoint is required');
  const limit = v.limit === undefined ? 100 : /^\d+$/.test(v.limit) ? Number(v.limit) : NaN;
  if (!(limit >= 1 && limit <= 1000)) return usage('--limit must be a whole number from 1 to 1000');

  const print = (json: unknown, text: string) => out(v.json ? `${JSON.stringify(json)}\n` : text);
  const refuse = (code: string, message: string) => {
    print({ error: { code, message } }, `error ${code}: ${message}\n`);
    return 1;
  };
  const dataDir = resolve(v['data-dir'] ?? process.env.DATA_DIR ?? 'data');
  let config;
  try {
    config = readServerConfig({ ...process.env, DATA_DIR: dataDir });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  for (const warning of webhookSettingWarnings(config)) process.stderr.write(`warning: ${warning}\n`);

  const db = openDatabase(dataDir);
  try {
    const accounts = new AccountsRepo(db);
    const repo = new WebhooksRepo(db);
    const box = loadSecretBox(config.encryptionKey, config.dataDir, config.autoEncryptionKey);
    const sender = new WebhookSender(repo, box, { ...config.webhooks, userAgent: webhookUserAgent(config.publicUrl) });
    const service = new WebhookService(accounts, repo, box, sender, { allowPrivateTargets: config.webhooks.allowPrivateTargets });
    const appId = v.application ?? repo.endpoint(endpointId!)?.application_id;
    const app = appId === undefined ? null : accounts.application(appId);
    if (!app) return appId === undefined ? refuse('webhook_not_found', 'No such webhook endpoint exists.') : refuse('application_not_found', 'No such application.');

    if (sub === 'add') {
      const events = v.events === undefined ? undefined : v.events.split(',').map((s) => s.trim()).filter(Boolean);
      const { endpoint, secret } = await service.add(app, { url: v.url, events });
      print({ ...endpointSummary(endpoint), secret }, `${endpoint.id} ${secret}\n`);
    } else if (sub === 'list') {
      const list = service.list(app).map(endpointSummary);
      print({ data: list }, list.map((e) => `${e.id} ${e.status} ${e.url} ${e.events.length === 0 ? 'all events' : e.events.join(',')}${e.disabled_reason ? ` (${e.disabled_reason})` : ''}\n`).join(''));
    } else if (sub === 'test') {
      const outcome = await service.sendTest(app, endpointId!, v.message);
      print(outcome, `${outcome.delivery} ${outcome.status}: ${outcome.ok ? `status ${outcome.statusCode}` : outcome.error} in ${outcome.responseMs ?? '-'} ms\n`);
      return outcome.ok ? 0 : 1;
    } else if (sub === 'enable' || sub === 'disable') {
      const e = endpointSummary(sub === 'enable' ? service.enable(app, endpointId!) : service.disable(app, endpointId!));
      print(e, `${e.id} ${e.status}\n`);
    } else if (sub === 'rotate') {
      const { endpoint, secret } = service.rotateSecret(app, endpointId!);
      print({ id: endpoint.id, secret }, `${endpoint.id} ${secret}\n`);
    } else if (sub === 'remove') {
      service.remove(app, endpointId!);
      print({ id: endpointId, deleted: true }, `${endpointId} removed\n`);
    } else {
      const list = service.deliveries(app, endpointId!, limit).map(deliverySummary);
      print({ data: list }, list.map((d) => `${d.id} ${d.event_type} ${d.status} attempts ${d.attempts}${d.last_error ? ` (${d.last_error})` : ''}\n`).join(''));
    }
    return 0;
  } catch (err) {
    if (!isServiceError(err)) throw err;
    print({ error: { code: err.code, message: err.message, ...(err.param ? { param: err.param } : {}) } }, `error ${err.code}: ${err.message}\n`);
    return 1;
  } finally {
    db.close();
  }
}
