import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'server/src/cli/cli.ts'; // what `npm run cli` runs

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI as `npm run --silent cli -- ARGS` does (tsx on the entry file), from the repository
 * root; `env` is added to this process's environment (an undefined value removes a variable).
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env: childEnv, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') {
        reject(err);
        return;
      }
      resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
    });
  });
}
