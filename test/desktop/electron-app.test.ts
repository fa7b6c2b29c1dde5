// The built app launched in Electron through playwright-core: one isolated window with the kit
// bridge and nothing of Node. Needs the Electron binary, which cannot be downloaded here: the
// test skips with a printed reason where it is absent and runs where it is.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';

function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const built = existsSync(join(process.cwd(), 'out/main/index.js'));
const reason = !binary ? 'the Electron binary is not installed (it is downloaded from GitHub releases)' : !built ? 'the app is not built (npm run build)' : null;
if (reason) console.log(`skipped: Electron app tests, ${reason}`);

describe.skipIf(reason !== null)('desktop app in Electron', () => {
  it('opens one isolated window that reaches main only through window.kit', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'docex-electron-'));
    const app = await electron.launch({ executablePath: binary!, args: [join(process.cwd(), 'out/main/index.js'), `--user-data-dir=${userData}`] });
    try {
      const page = await app.firstWindow();
      expect(app.windows()).toHaveLength(1);
      expect(await page.evaluate('typeof require')).toBe('undefined');
      expect(await page.evaluate('typeof process')).toBe('undefined');
      expect(await page.evaluate('typeof window.kit.invoke')).toBe('function');
      expect(await page.evaluate("window.kit.invoke('settings', {}).then((r) => r.ok)")).toBe(true);
      expect(await page.evaluate("window.kit.invoke('nope', {}).then((r) => r.error.code)")).toBe('invalid_parameters');
      // New windows are refused.
      await page.evaluate("window.open('https://example.com')");
      expect(app.windows()).toHaveLength(1);
    } finally {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    }
  }, 120_000);
});
