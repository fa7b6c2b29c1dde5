import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';

/** Debian's chromium (`apt-get install chromium`); playwright's own browsers cannot be downloaded here. */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium)`;

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Chromium as the guide launches it; `extra` adds flags (e.g. a fake camera). */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extra] });
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the console pages with the project's vite config into a fresh directory, for the server to serve. */
export async function buildConsole(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'docex-console-'));
  // vitest sets NODE_ENV=test, which would give React's development build; users get production.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
      await build({ configFile: join(ROOT, 'vite.console.config.ts'), logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = before;
  }
  return outDir;
}

/** Where screenshots are kept as test artifacts (git-ignored). */
export const ARTIFACTS = join(ROOT, 'test/artifacts/console');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(ARTIFACTS, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it is; the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate("'axe' in window"))) await page.addScriptTag({ path: AXE_SOURCE });
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  const result = (await page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) })))`)) as AxeViolation[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** True when the document is wider than the viewport (a page that does not fit at 390 px). */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
}

/**
 * A page of the given width in its own context. CSP is bypassed only so that axe-core can be
 * injected; the console's own CSP is still sent and tested over HTTP.
 */
export async function openPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, bypassCSP: true });
  return context.newPage();
}

/** Builds the desktop app's screens (renderer/index.html) into a fresh directory, for the Node web host. */
export async function buildDesktopRenderer(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'docex-desktop-ui-'));
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const react = (await import('@vitejs/plugin-react')).default;
    await build({ configFile: false, root: join(ROOT, 'renderer'), base: './', plugins: [react()], logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1000 } });
  } finally {
    process.env.NODE_ENV = before;
  }
  return outDir;
}
