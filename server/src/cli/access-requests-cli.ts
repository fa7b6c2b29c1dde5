import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isServiceError } from '../../../engine/src/errors/service-error.js';
import { AccessRequestService, accessRequestSummary } from '../console/access-request-service.js';
import { ConfigError, readServerConfig } from '../config.js';
import { AccessRequestsRepo, type AccessRequestStatus } from '../db/repos/access-requests.js';
import { AccountsRepo } from '../db/repos/accounts.js';
import { MembersRepo } from '../db/repos/members.js';
import { openDatabase } from '../db/open-database.js';

export const ACCESS_REQUESTS_USAGE = `Usage: npm run --silent cli -- access-requests list    [--status pending|approved|rejected] [--data-dir DIR] [--json]
       npm run --silent cli -- access-requests approve --request ID [--data-dir DIR] [--json]
       npm run --silent cli -- access-requests reject  --request ID [--data-dir DIR] [--json]
       npm run --silent cli -- access-requests open|close [--data-dir DIR] [--json]

  list     requests sent with the console's public form, oldest first (never a password)
  approve  creates the organization (every capability, the server's default quota and limits)
           and makes the requester its owner, signing in with the password they chose
  reject   declines the request
  open     accepts new requests (the default); close refuses them with access_requests_closed
DOCEX_ORG_MONTHLY_QUOTA, DOCEX_ORG_MAX_APPLICATIONS and DOCEX_ORG_MAX_DOCUMENT_TYPES apply as to the server.
Exit status: 0 done, 1 refused ({"error": {code, message}} with --json), 2 usage error.`;

const SUBCOMMANDS = ['list', 'approve', 'reject', 'open', 'close'];
const STATUSES = ['pending', 'approved', 'rejected'];

/** `cli access-requests ...`: the operator's decisions on access requests; works while the server runs. */
export async function runAccessRequestsCommand(argv: string[], out: (s: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        request: { type: 'string' },
        id: { type: 'string' },
        status: { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${ACCESS_REQUESTS_USAGE}\n`);
    return 2;
  }
  const { values: v, positionals } = parsed;
  const sub = positionals[1];
  const usage = (why: string) => {
    process.stderr.write(`${why}\n\n${ACCESS_REQUESTS_USAGE}\n`);
    return 2;
  };
  if (!SUBCOMMANDS.includes(sub ?? '')) return usage(`access-requests needs one of ${SUBCOMMANDS.join(', ')}`);
  const requestId = v.request ?? v.id;
  if ((sub === 'approve' || sub === 'reject') && !requestId) return usage('--request is required');
  if (v.status !== undefined && !STATUSES.includes(v.status)) return usage('--status must be pending, approved or rejected');

  const print = (json: unknown, text: string) => out(v.json ? `${JSON.stringify(json)}\n` : text);
  const dataDir = resolve(v['data-dir'] ?? process.env.DATA_DIR ?? 'data');
  let config;
  try {
    config = readServerConfig({ ...process.env, DATA_DIR: dataDir });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }

  const db = openDatabase(dataDir);
  try {
    const service = new AccessRequestService(new AccountsRepo(db), new AccessRequestsRepo(db), new MembersRepo(db));
    if (sub === 'list') {
      const list = service.list(v.status as AccessRequestStatus | undefined).map(accessRequestSummary);
      print({ data: list }, list.map((r) => `${r.id} ${r.status} ${r.email} "${r.organization}" ${r.created_at}${r.organization_id ? ` ${r.organization_id}` : ''}\n`).join(''));
    } else if (sub === 'approve') {
      const r = accessRequestSummary(service.approve(requestId!, config.organizationDefaults));
      print(r, `${r.id} approved: organization ${r.organization_id} owned by ${r.email}\n`);
    } else if (sub === 'reject') {
      const r = accessRequestSummary(service.reject(requestId!));
      print(r, `${r.id} rejected\n`);
    } else {
      service.setOpen(sub === 'open');
      print({ access_requests: sub === 'open' ? 'open' : 'closed' }, `access requests ${sub === 'open' ? 'open' : 'closed'}\n`);
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
