// The console in Chromium (Debian's chromium through playwright-core): the main flow at
// 1280 px (sign in, application, key, webhook endpoint, document type published with a breaking
// change, a receipt from test/fixtures in the playground, a correction in the review view, the
// usage chart), then every main page at 1280 and 390 px: screenshots kept in test/artifacts/console,
// axe-core's serious and critical violations (none allowed), nothing wider than the screen, and
// the keyboard alone getting through sign-in and the sections.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsole, chromiumMissing, launchChromium, openPage, overflowsSideways, screenshot, seriousViolations } from '../support/console-browser.js';
import { startChatServer, type ChatServer } from '../support/chat-server.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

if (chromiumMissing) console.log(`skipped: console browser tests, ${chromiumMissing}`);

const RECEIPT = fileURLToPath(new URL('../fixtures/sample-receipt.png', import.meta.url));

let s: TestServer;
let chat: ChatServer;
let browser: Browser;
let base: string;
/** Pages visited in the flow, for the second pass at 390 px. */
const visited: { name: string; path: string }[] = [];

beforeAll(async () => {
  if (chromiumMissing) return;
  const uiDir = await buildConsole();
  // A public address for the webhook endpoint's host name: saving checks where it resolves.
  const resolver = async () => [{ address: '93.184.215.14', family: 4 as const }];
  // The language model of proposals: a local stand-in that answers one parking-ticket definition.
  chat = await startChatServer();
  chat.reply = () => ({ content: JSON.stringify({ proposals: [{ key: 'parking_ticket', definition: PARKING }] }) });
  s = await startTestServer({ console: { uiDir }, webhooks: { resolver }, env: { DOCEX_LLM_BASE_URL: chat.baseUrl, DOCEX_LLM_MODEL: 'proposal-model' } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.close();
  await chat?.close();
});

const PARKING = {
  name: 'Parking ticket',
  fields: {
    operator: { type: 'string', required: true, aliases: ['Operator'] },
    fee: { type: 'money', minimum: 0, aliases: ['Fee'] },
    currency: { type: 'currency' },
  },
};

/** Screenshot, accessibility check and width check of the page as it is now. */
async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  expect(await overflowsSideways(page), `${name} is wider than the screen`).toBe(false);
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  if (!visited.some((v) => v.name === name)) visited.push({ name, path });
}

/** Waits until the element shows the text (playwright-core has no web-first assertions). */
async function shows(locator: Locator, text: string | RegExp) {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function signIn(page: Page) {
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('Email').fill(s.boot.console.email);
  await page.getByLabel('Password').fill(s.boot.console.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
}

describe.skipIf(chromiumMissing !== null)('console in Chromium', () => {
  it('serves the pages with a content security policy, and deep links', async () => {
    const res = await fetch(`${base}/console/o/anything/usage`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("default-src 'self'");
  });

  it('runs the main flow at 1280 px', async () => {
    const page = await openPage(browser, 1280);
    page.on('dialog', (d) => void d.accept());

    await page.goto(`${base}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await check(page, 'sign-in');
    // A wrong password is refused with the error body's message.
    await page.getByLabel('Email').fill(s.boot.console.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shows(page.getByRole('alert'), 'sign_in_failed');
    await page.getByLabel('Password').fill(s.boot.console.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await check(page, 'applications');

    // An application.
    await page.getByRole('button', { name: 'New application' }).click();
    await page.getByLabel('Name').fill('Kiosk receipts');
    await page.getByLabel('Environment').selectOption('development');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kiosk receipts' }).waitFor();
    await page.getByLabel('Default document type').fill('payment_receipt');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    await check(page, 'application-settings');

    // A key, shown once.
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('button', { name: 'New key' }).click();
    await page.getByLabel('Name').fill('kiosk 1');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('secret-value').textContent();
    expect(key).toMatch(/^svc_test_/);
    await check(page, 'keys');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: 'kiosk 1', exact: true }).waitFor();
    // The key works on the API.
    const me = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);

    // A webhook endpoint with its signing secret shown once.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('HTTPS URL').fill('https://hooks.example.com/docex');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.getByTestId('secret-value').textContent()).toMatch(/^svcwhsec_/);
    await page.getByRole('link', { name: 'https://hooks.example.com/docex' }).waitFor();
    await check(page, 'webhooks');

    // A document type from a template, then a breaking change published deliberately.
    await page.getByRole('link', { name: 'Document types' }).click();
    await page.getByRole('button', { name: 'New document type' }).click();
    await page.getByLabel(/^Key/).fill('kiosk_receipt');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Document type kiosk_receipt' }).waitFor();
    const editor = page.getByLabel('Definition (JSON) of the draft');
    const definition = JSON.parse(await editor.inputValue()) as { fields: Record<string, { type: string }> };
    // Live validation shows a problem at its path...
    const [firstField] = Object.keys(definition.fields);
    await editor.fill(JSON.stringify({ ...definition, fields: { ...definition.fields, [firstField]: { type: 'no_such_type' } } }, null, 2));
    await shows(page.locator('#problems'), `fields.${firstField}`);
    // ...and making an optional field required is a breaking change.
    const fields = definition.fields as Record<string, { type: string; required?: boolean }>;
    const optional = Object.keys(fields).find((f) => !fields[f].required && fields[f].type !== 'array' && fields[f].type !== 'object')!;
    await editor.fill(JSON.stringify({ ...definition, fields: { ...fields, [optional]: { ...fields[optional], required: true } } }, null, 2));
    await shows(page.locator('#problems'), 'The definition is valid.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('breaking', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Publish the draft' }).click();
    await shows(page.getByRole('alert'), 'breaking_change');
    await page.getByLabel(/I understand that this is a breaking change/).check();
    await page.getByRole('button', { name: 'Publish the draft' }).click();
    await shows(page.getByRole('status'), /Published as version \d/);
    await check(page, 'document-type');

    // A receipt from the fixtures through the playground, then its review.
    await page.getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('link', { name: 'Kiosk receipts' }).click();
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.getByLabel(/^Document \(/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: readFileSync(RECEIPT) });
    await page.getByRole('button', { name: 'Run the extraction' }).click();
    await page.getByRole('link', { name: 'Open the review' }).waitFor({ timeout: 90_000 });
    await check(page, 'playground');
    await page.getByRole('link', { name: 'Open the review' }).click();
    await page.getByRole('heading', { level: 2, name: 'Fields' }).waitFor();
    await page.locator('img[alt^="Page 1"]').waitFor();
    await page.locator('rect.box').first().waitFor({ state: 'attached' });
    await check(page, 'review');
    await page.getByRole('button', { name: 'Correct amount' }).click();
    await page.getByLabel('Value of amount').fill('12.34');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await shows(page.getByRole('status'), 'Corrected amount.');
    await shows(page.getByRole('listitem').filter({ hasText: s.boot.console.email }), '12.34');
    // Or by clicking a line of text on the image: its text becomes the value.
    await page.getByRole('button', { name: 'Correct merchant_address' }).click();
    const line = page.getByRole('button', { name: /^Use the text “.*” for merchant_address$/ }).first();
    const lineText = /“(.*)”/.exec((await line.getAttribute('aria-label')) ?? '')![1];
    await line.click();
    expect(await page.getByLabel('Value of merchant_address').inputValue()).toBe(lineText);
    await page.getByRole('button', { name: 'Save correction' }).click();
    await shows(page.getByRole('status'), 'Corrected merchant_address.');
    await shows(page.getByRole('listitem').filter({ hasText: 'merchant_address' }), lineText);

    // The extractions list, usage, members, the audit log and the organization.
    await page.getByRole('link', { name: 'All extractions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Extractions' }).waitFor();
    await page.getByRole('cell', { name: 'payment_receipt' }).first().waitFor();
    await check(page, 'extractions');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usage' }).waitFor();
    await page.getByTestId('chart-requests-and-documents').locator('.recharts-line path').first().waitFor();
    await page.getByText('Requests and documents as a table').click();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('row').filter({ hasText: today }).first().waitFor();
    // The one receipt read in the playground counts toward the month.
    await shows(page.locator('section[aria-labelledby="month-title"]'), /(^|\D)1 document;/);
    await check(page, 'usage');
    for (const [section, heading] of [
      ['Members', 'Members'],
      ['Audit log', 'Audit log'],
      ['Organization', 'Organization'],
      ['Document types', 'Document types'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await check(page, section.toLowerCase().replace(' ', '-'));
      // The audit log names what the flow did.
      if (section === 'Audit log') for (const action of ['application.created', 'key.created', 'webhook.created', 'document_type.published', 'extraction.corrected']) await shows(page.getByRole('cell'), action);
    }
    await page.context().close();
  }, 240_000);

  it('proposes a definition from a description and starts a draft from it', async () => {
    const page = await openPage(browser, 1280);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Document types' }).click();
    await page.getByText('Propose a definition from a description').click();
    await page.getByLabel('Describe the document and the fields you need').fill('Pay-and-display parking tickets: operator, fee and currency.');
    await page.getByRole('button', { name: 'Propose' }).click();
    await page.getByRole('button', { name: 'Start a draft of parking_ticket from this proposal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Document type parking_ticket' }).waitFor();
    await shows(page.locator('#problems'), 'The definition is valid.');
    await page.getByRole('button', { name: 'Publish the draft' }).click();
    await shows(page.getByRole('status'), 'Published as version 1.');
    expect(chat.requests.at(-1)?.body?.messages?.some((m) => m.content.includes('parking tickets'))).toBe(true);
    await page.context().close();
  }, 120_000);

  it('shows every main page at 390 px wide without violations or sideways scrolling, and works there', async () => {
    expect(visited.length).toBeGreaterThan(10);
    const page = await openPage(browser, 390);
    await signIn(page);
    // A change at this width: a new application and a key for it.
    await page.getByRole('button', { name: 'New application' }).click();
    await page.getByLabel('Name').fill('Phone-sized app');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Phone-sized app' }).waitFor();
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('button', { name: 'New key' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.getByTestId('secret-value').textContent()).toMatch(/^svc_test_/);
    await check(page, 'keys-new');
    for (const { name, path } of visited) {
      if (name === 'sign-in') continue;
      await page.goto(base + path);
      await page.locator('h1').first().waitFor();
      await check(page, name);
    }
    await page.context().close();
  }, 240_000);

  it('takes the keyboard alone through sign-in and every section', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(`${base}/console/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(s.boot.console.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(s.boot.console.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    // The page's heading has the focus after signing in.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Applications');
    // On a fresh load the skip link comes first and moves to the content.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('location.hash')).toBe('#main');
    await page.goto(`${base}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    for (const section of ['Document types', 'Extractions', 'Usage', 'Members', 'Audit log', 'Organization', 'Applications']) {
      // Tab forward until the section's link has focus, then follow it with Enter.
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const focused = (await page.evaluate(`({ text: document.activeElement?.textContent ?? '', nav: !!document.activeElement?.closest('nav[aria-label="Sections"]') })`)) as { text: string; nav: boolean };
        if (focused.nav && focused.text === section) break;
      }
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: section === 'Organization' ? 'Organization' : section }).waitFor();
      // The new page's heading takes the focus, so the next Tab starts from the content.
      await page.waitForFunction("document.activeElement?.tagName === 'H1'", undefined, { timeout: 5000 });
    }
    // A change by keyboard: a new application (the form's first field takes the focus).
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate('document.activeElement?.textContent')) === 'New application') break;
    }
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keyboard app');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // test
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Keyboard app' }).waitFor();
    await shows(page.locator('main'), 'test application');
    // Nothing on the pages takes focus out of order.
    expect(await page.locator('[tabindex]:not([tabindex="0"]):not([tabindex="-1"])').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
