import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { checkWebhookUrl, isAllowedAddress, type ResolvedAddress, type Resolver } from '../../server/src/webhooks/url-guard.js';
import { makeTestPki, startHttpsReceiver, type HttpsReceiver, type TestPki } from '../support/https-receiver.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

/**
 * The SSRF guard: every forbidden class of address and name refused when an endpoint is saved,
 * and again at delivery when DNS changed in between (a resolver the test controls), without a
 * connection to the forbidden address.
 */

/** The test's DNS, changeable between save and delivery. */
const zone = new Map<string, ResolvedAddress[]>();
const resolver: Resolver = async (host) => {
  const found = zone.get(host);
  if (!found) throw Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' });
  return found;
};
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

const FORBIDDEN_LITERALS = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.8.9.10'],
  ['private 10/8', '10.0.0.1'],
  ['private 172.16/12', '172.16.5.4'],
  ['private 192.168/16', '192.168.1.1'],
  ['link-local (cloud metadata)', '169.254.169.254'],
  ['shared 100.64/10', '100.64.0.1'],
  ['reserved 240/4', '240.0.0.1'],
  ['documentation 192.0.2/24', '192.0.2.10'],
  ['benchmarking 198.18/15', '198.18.0.1'],
  ['unspecified', '0.0.0.0'],
  ['multicast', '224.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['IPv6 loopback', '[::1]'],
  ['IPv6 unspecified', '[::]'],
  ['IPv6 link-local', '[fe80::1]'],
  ['IPv6 unique local', '[fc00::1]'],
  ['IPv6 unique local fd00::/8', '[fd12:3456::1]'],
  ['IPv4-mapped IPv6 of loopback', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped IPv6 of a public address', '[::ffff:8.8.8.8]'],
  ['NAT64 of a private address', '[64:ff9b::a00:1]'],
  ['6to4', '[2002:a00:1::1]'],
  ['IPv6 documentation', '[2001:db8::1]'],
  ['IPv6 multicast', '[ff02::1]'],
] as const;

const FORBIDDEN_NAMES = ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'printer.local', 'db.internal', 'router.home.arpa'];

describe('checkWebhookUrl', () => {
  it.each(['http://hooks.example.com/x', 'ftp://hooks.example.com/x', 'https://user:pw@hooks.example.com/x', 'https://user@hooks.example.com/x', 'not a url', '', 'https://', 42, null])(
    'refuses %s with invalid_webhook_url',
    async (url) => {
      await expect(checkWebhookUrl(url, { resolver })).rejects.toMatchObject({ code: 'invalid_webhook_url', status: 400, param: 'url' });
    },
  );

  it.each(FORBIDDEN_LITERALS)('refuses a literal %s address (%s) with webhook_url_not_public', async (_what, host) => {
    await expect(checkWebhookUrl(`https://${host}/hook`, { resolver })).rejects.toMatchObject({ code: 'webhook_url_not_public', status: 400 });
  });

  it.each(FORBIDDEN_NAMES)('refuses the local name %s whatever DNS says', async (host) => {
    zone.set(host.toLowerCase().replace(/\.$/, ''), [v4('93.184.215.14')]);
    await expect(checkWebhookUrl(`https://${host}/hook`, { resolver })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
  });

  it.each(FORBIDDEN_LITERALS.map(([what, host]) => [what, host.replace(/^\[|\]$/g, '')]))('refuses a name that resolves to a %s address (%s)', async (_what, address) => {
    zone.set('resolves.example.test', [address.includes(':') ? v6(address) : v4(address)]);
    await expect(checkWebhookUrl('https://resolves.example.test/hook', { resolver })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
  });

  it('refuses a name when any one of its addresses is not public', async () => {
    zone.set('mixed.example.test', [v4('93.184.215.14'), v4('10.1.2.3')]);
    await expect(checkWebhookUrl('https://mixed.example.test/hook', { resolver })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
    zone.set('mixed.example.test', [v6('2606:4700::6810:84e5'), v6('::1')]);
    await expect(checkWebhookUrl('https://mixed.example.test/hook', { resolver })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
  });

  it('refuses a name that does not resolve, or resolves to nothing, with webhook_url_unresolvable', async () => {
    await expect(checkWebhookUrl('https://nowhere.example.test/hook', { resolver })).rejects.toMatchObject({ code: 'webhook_url_unresolvable', status: 400 });
    zone.set('empty.example.test', []);
    await expect(checkWebhookUrl('https://empty.example.test/hook', { resolver })).rejects.toMatchObject({ code: 'webhook_url_unresolvable' });
  });

  it('accepts public addresses and names, and returns the address to connect to', async () => {
    zone.set('public.example.test', [v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')]);
    const checked = await checkWebhookUrl('https://Public.Example.Test:8443/hook?x=1', { resolver });
    expect(checked).toMatchObject({ hostname: 'public.example.test', target: v4('93.184.215.14') });
    expect(checked.url.port).toBe('8443');
    expect((await checkWebhookUrl('https://8.8.8.8/hook', { resolver })).target).toEqual(v4('8.8.8.8'));
    expect((await checkWebhookUrl('https://[2606:4700::1111]/hook', { resolver })).target).toEqual(v6('2606:4700::1111'));
  });

  it('with WEBHOOK_ALLOW_PRIVATE_TARGETS, allows private, loopback and local names but never unspecified, multicast or broadcast', async () => {
    zone.set('localhost', [v4('127.0.0.1')]);
    for (const url of ['https://127.0.0.1/h', 'https://10.0.0.1/h', 'https://[::1]/h', 'https://localhost/h', 'https://169.254.1.1/h']) {
      await expect(checkWebhookUrl(url, { resolver, allowPrivate: true })).resolves.toBeTruthy();
    }
    for (const url of ['https://0.0.0.0/h', 'https://224.0.0.1/h', 'https://255.255.255.255/h']) {
      await expect(checkWebhookUrl(url, { resolver, allowPrivate: true })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
    }
    await expect(checkWebhookUrl('http://127.0.0.1/h', { resolver, allowPrivate: true })).rejects.toMatchObject({ code: 'invalid_webhook_url' });
  });

  it('isAllowedAddress takes only global unicast space', () => {
    expect(isAllowedAddress('8.8.8.8')).toBe(true);
    expect(isAllowedAddress('2001:4860:4860::8888')).toBe(true);
    expect(isAllowedAddress('4000::1')).toBe(false); // outside 2000::/3
    expect(isAllowedAddress('not-an-ip')).toBe(false);
  });
});

describe('the guard at delivery time', () => {
  let pki: TestPki;
  let receiver: HttpsReceiver;
  let s: TestServer;
  let application: Application;

  beforeAll(async () => {
    pki = makeTestPki();
    receiver = await startHttpsReceiver(pki);
    // Private targets are NOT allowed here: the receiver on loopback must never be reached.
    s = await startTestServer({ webhooks: { resolver, ca: pki.caPem, pollMs: 50 } });
    application = s.app.services.accounts.application(s.boot.application)!;
  });
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
    pki?.cleanup();
  });

  it('refuses every forbidden class when an endpoint is saved', async () => {
    const svc = s.app.services.webhooks;
    for (const [, host] of FORBIDDEN_LITERALS) await expect(svc.add(application, { url: `https://${host}/hook` })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
    for (const host of FORBIDDEN_NAMES) await expect(svc.add(application, { url: `https://${host}/hook` })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
    await expect(svc.add(application, { url: 'http://hooks.example.com/x' })).rejects.toMatchObject({ code: 'invalid_webhook_url' });
    await expect(svc.add(application, { url: 'https://nowhere.example.test/x' })).rejects.toMatchObject({ code: 'webhook_url_unresolvable' });
    expect(svc.list(application)).toEqual([]);
  });

  it.each([
    ['loopback', [v4('127.0.0.1')], 'webhook_url_not_public'],
    ['a private address', [v4('10.0.0.7')], 'webhook_url_not_public'],
    ['the metadata address', [v4('169.254.169.254')], 'webhook_url_not_public'],
    ['IPv4-mapped loopback', [v6('::ffff:127.0.0.1')], 'webhook_url_not_public'],
    ['a public and a loopback address', [v4('93.184.215.14'), v4('127.0.0.1')], 'webhook_url_not_public'],
    ['nothing', null, 'webhook_url_unresolvable'],
  ] as const)('refuses an attempt when the name now resolves to %s, without connecting', async (_what, addresses, code) => {
    const host = `rebind-${Math.random().toString(36).slice(2)}.example.test`;
    zone.set(host, [v4('93.184.215.14')]);
    const { endpoint } = await s.app.services.webhooks.add(application, { url: `https://${host}:${receiver.port}/hook` });
    if (addresses === null) zone.delete(host);
    else zone.set(host, [...addresses]);
    const before = receiver.received.length;
    const outcome = await s.app.services.webhooks.sendTest(application, endpoint.id);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: code, status: 'failed', attempts: 1 });
    expect(s.app.services.webhooksRepo.delivery(outcome.delivery)).toMatchObject({ status: 'failed', last_error: code });
    expect(receiver.received.length).toBe(before);
    s.app.services.webhooks.remove(application, endpoint.id);
  });

  it('checks a changed URL like a new one', async () => {
    zone.set('fine.example.test', [v4('93.184.215.14')]);
    const { endpoint } = await s.app.services.webhooks.add(application, { url: 'https://fine.example.test/hook' });
    await expect(s.app.services.webhooks.update(application, endpoint.id, { url: 'https://127.0.0.1/hook' })).rejects.toMatchObject({ code: 'webhook_url_not_public' });
    expect(s.app.services.webhooks.get(application, endpoint.id).url).toBe('https://fine.example.test/hook');
    s.app.services.webhooks.remove(application, endpoint.id);
  });
});
