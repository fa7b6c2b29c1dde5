import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isServiceError } from '../../../engine/src/errors/service-error.js';
import { bootstrap } from '../admin/bootstrap.js';
import { KeyAdmin, keySummary, type KeyRequest } from '../admin/key-admin.js';
import { readServerConfig } from '../config.js';
import { AccountsRepo, type Environment } from '../db/repos/accounts.js';
import { openDatabase } from '../db/open-database.js';
import { runAccessRequestsCommand } from './access-requests-cli.js';
import { runWebhooksCommand } from './webhooks-cli.js';

export const ADMIN_COMMANDS = ['bootstrap', 'keys', 'api', 'webhooks', 'access-requests'];

export const ADMIN_USAGE = `Usage: npm run --silent cli -- bootstrap --data-dir DIR --json [--environment development|test|production] [--rate-limit N]
       npm run --silent cli -- keys list   --application APP [--data-dir DIR] [--json]
       npm run --silent cli -- keys create --application APP --kind secret|publishable [--name NAME] [--scopes a,b]
                                            [--rate-limit N] [--monthly-quota N] [--expires-in-days N]
                                            [--allowed-ips a,b] [--allowed-origins a,b] [--allowed-bundle-ids a,b] [--json]
       npm run --silent cli -- keys rotate --application APP --key KEY_ID [--grace-hours H] [--json]
       npm run --silent cli -- keys revoke --application APP --key KEY_ID [--json]
       npm run --silent cli -- api enable|disable [--data-dir DIR]
       npm run --silent cli -- webhooks add|list|test|enable|disable|rotate|remove|deliveries ... (see webhooks --help)
       npm run --silent cli -- access-requests list|approve|reject|open|close [--request ID] ... (see access-requests --help)

  bootstrap  creates an organization with every capability, an application, a secret and a
             publishable key and a console owner; prints {"tenant", "application", "secret_key",
             "publishable_key", "console": {"email", "password"}}. Keys are shown only here.
  keys       the operator's key administration (keys are shown once, at creation or rotation)
  api        switches the public API off (503 receviz_disabled) or on; the server keeps running
  webhooks   webhook endpoints: add (secret shown once), list, test, enable, rotate, deliveries
  access-requests  requests for an organization sent with the console's form: list, approve
             (creates the organization and its owner), reject; open or close the form
The data directory defaults to DATA_DIR or ./data; every command works while the server runs.
Exit status: 0 done, 1 refused (the error is printed), 2 usage error.`;

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));
const int = (v: string | undefined) => (v === undefined ? undefined : /^-?\d+$/.test(v) ? Number(v) : NaN);

/** Runs an operator command; returns the exit status. Output is JSON with --json, text otherwise. */
export async function runAdminCommand(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  if (argv[0] === 'webhooks') return runWebhooksCommand(argv, out);
  if (argv[0] === 'access-requests') return runAccessRequestsCommand(argv, out);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        environment: { type: 'string', default: 'development' },
        'rate-limit': { type: 'string' },
        application: { type: 'string' },
        kind: { type: 'string' },
        name: { type: 'string' },
        scopes: { type: 'string' },
        'monthly-quota': { type: 'string' },
        'expires-in-days': { type: 'string' },
        'allowed-ips': { type: 'string' },
        'allowed-origins': { type: 'string' },
        'allowed-bundle-ids': { type: 'string' },
        key: { type: 'string' },
        'grace-hours': { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${ADMIN_USAGE}\n`);
    return 2;
  }
  const { values: v, positionals } = parsed;
  const [command, sub] = positionals;
  const usage = (why: string) => {
    process.stderr.write(`${why}\n\n${ADMIN_USAGE}\n`);
    return 2;
  };
  const print = (json: unknown, text: string) => out(v.json ? `${JSON.stringify(json)}\n` : text);

  const dataDir = resolve(v['data-dir'] ?? process.env.DATA_DIR ?? 'data');
  if (command === 'bootstrap' && !['development', 'test', 'production'].includes(v.environment!)) return usage('--environment must be development, test or production');
  const rateLimit = int(v['rate-limit']);
  if (rateLimit !== undefined && !(Number.isInteger(rateLimit) && rateLimit >= 1 && rateLimit <= 100_000)) return usage('--rate-limit must be a whole number from 1 to 100000');
  if (command === 'keys' && !['list', 'create', 'rotate', 'revoke'].includes(sub ?? '')) return usage('keys needs list, create, rotate or revoke');
  if (command === 'keys' && !v.application) return usage('--application is required');
  if (command === 'keys' && (sub === 'rotate' || sub === 'revoke') && !v.key) return usage('--key is required');
  if (command === 'api' && sub !== 'enable' && sub !== 'disable') return usage('api needs enable or disable');
  if (!ADMIN_COMMANDS.includes(command ?? '')) return usage(`unknown command ${command ?? ''}`);

  const db = openDatabase(dataDir);
  try {
    const accounts = new AccountsRepo(db);
    const admin = new KeyAdmin(accounts);
    if (command === 'bootstrap') {
      const defaults = readServerConfig({ ...process.env, DATA_DIR: dataDir }).organizationDefaults;
      const result = bootstrap(accounts, defaults, { environment: v.environment as Environment, rateLimit });
      print(result, `tenant          ${result.tenant}\napplication     ${result.application}\nsecret key      ${result.secret_key}\npublishable key ${result.publishable_key}\nconsole         ${result.console.email} / ${result.console.password}\n`);
      return 0;
    }
    if (command === 'api') {
      accounts.putSetting('api_enabled', sub === 'enable' ? 'true' : 'false');
      print({ api_enabled: sub === 'enable' }, `public API ${sub}d\n`);
      return 0;
    }
    const app = accounts.application(v.application!);
    if (!app) {
      print({ error: { code: 'application_not_found', message: 'No such application.' } }, 'error application_not_found: No such application.\n');
      return 1;
    }
    if (sub === 'list') {
      const keys = accounts.keys(app.id).map((k) => keySummary(k));
      print({ data: keys }, keys.map((k) => `${k.id} ${k.kind} ${k.hint} ${k.state}${k.name ? ` ${k.name}` : ''}\n`).join(''));
      return 0;
    }
    if (sub === 'create') {
      const req: KeyRequest = {
        kind: v.kind,
        name: v.name,
        scopes: list(v.scopes),
        rate_limit_per_minute: rateLimit,
        monthly_quota: int(v['monthly-quota']),
        expires_in_days: int(v['expires-in-days']),
        allowed_ips: list(v['allowed-ips']),
        allowed_origins: list(v['allowed-origins']),
        allowed_bundle_ids: list(v['allowed-bundle-ids']),
      };
      const { key, record } = admin.create(app, req);
      print({ key, ...keySummary(record) }, `${record.id} ${key}\n`);
      return 0;
    }
    if (sub === 'rotate') {
      const grace = v['grace-hours'] === undefined ? undefined : int(v['grace-hours']);
      const { key, record, old } = admin.rotate(app.id, v.key!, grace);
      print({ key, ...keySummary(record), rotated: keySummary(old) }, `${record.id} ${key} (old key ${old.id} ends ${old.expires_at ?? old.revoked_at})\n`);
      return 0;
    }
    const revoked = admin.revoke(app.id, v.key!);
    print(keySummary(revoked), `${revoked.id} revoked\n`);
    return 0;
  } catch (err) {
    if (!isServiceError(err)) throw err;
    print({ error: { code: err.code, message: err.message, ...(err.param ? { param: err.param } : {}) } }, `error ${err.code}: ${err.message}\n`);
    return 1;
  } finally {
    db.close();
  }
}
