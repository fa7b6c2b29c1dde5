import { ADMIN_COMMANDS, runAdminCommand } from './admin-cli.js';

// `npm run cli`: the operator's commands here; everything else (ocr, extract, doctype) is the
// engine's own CLI, which reads the same arguments.
const command = process.argv[2];
if (command !== undefined && ADMIN_COMMANDS.includes(command)) {
  runAdminCommand(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
} else {
  await import('../../../engine/src/node/cli.js');
}
