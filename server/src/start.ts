import { bootstrap } from './admin/bootstrap.js';
import { buildApp } from './app.js';
import { ConfigError, readServerConfig } from './config.js';
import { AccountsRepo } from './db/repos/accounts.js';
import { openDatabase } from './db/open-database.js';

/**
 * `npm start`: reads the configuration, makes a development organization on an empty data
 * directory (printing its keys once), and listens. SIGTERM and SIGINT close it gracefully:
 * running jobs finish or stay queued for the next start.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = readServerConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const db = openDatabase(config.dataDir);
  const accounts = new AccountsRepo(db);
  if (accounts.countOrganizations() === 0) {
    const made = bootstrap(accounts, config.organizationDefaults, { environment: 'development' });
    process.stdout.write(
      [
        `Empty data directory ${config.dataDir}: created a development organization. Keys are shown only now:`,
        `  tenant           ${made.tenant}`,
        `  application      ${made.application}`,
        `  secret key       ${made.secret_key}`,
        `  publishable key  ${made.publishable_key}`,
        `  console owner    ${made.console.email} / ${made.console.password}`,
        `Try: curl -H "Authorization: Bearer ${made.secret_key}" http://${config.host}:${config.port}/v1/me`,
        `Console: http://${config.host}:${config.port}/console/ (sign in as the console owner above)`,
        '',
      ].join('\n'),
    );
  }
  db.close();
  const app = await buildApp(config, { logger: process.env.DOCEX_LOG !== 'off' });
  const close = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: config.port, host: config.host });
}

await main();
