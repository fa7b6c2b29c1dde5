import { describe, expect, it } from 'vitest';
import {
  MAX_RESTRICTION_ENTRIES,
  bundleIdAllowed,
  checkRestrictionsApplicable,
  ipAllowed,
  normalizeAllowedIps,
  normalizeAllowedOrigins,
  normalizeBundleIds,
  originAllowed,
} from '../../server/src/auth/key-restrictions.js';
import { serviceErrorOf } from '../support/service-error.js';

const list = (n: number, entry: (i: number) => string): string[] => Array.from({ length: n }, (_, i) => entry(i));

/** The normaliser, its list's param and error code, and a valid entry generator for size tests. */
const normalizers = [
  { name: 'normalizeAllowedOrigins', fn: normalizeAllowedOrigins, param: 'allowed_origins', code: 'invalid_origin', entry: (i: number) => `https://app${i}.example.com` },
  { name: 'normalizeBundleIds', fn: normalizeBundleIds, param: 'allowed_bundle_ids', code: 'invalid_bundle_id', entry: (i: number) => `com.example.app${i}` },
  { name: 'normalizeAllowedIps', fn: normalizeAllowedIps, param: 'allowed_ips', code: 'invalid_ip', entry: (i: number) => `192.0.2.${i}` },
] as const;

describe.each(normalizers)('$name, list shape', ({ fn, param, code, entry }) => {
  it('accepts an empty list', () => {
    expect(fn([])).toEqual([]);
  });

  it(`accepts ${MAX_RESTRICTION_ENTRIES} entries`, () => {
    expect(MAX_RESTRICTION_ENTRIES).toBe(50);
    expect(fn(list(50, entry))).toHaveLength(50);
  });

  it('refuses 51 entries with too_many_restrictions, before looking at them', () => {
    for (const entries of [list(51, entry), list(51, () => 'garbage entry')]) {
      const err = serviceErrorOf(() => fn(entries));
      expect(err.code).toBe('too_many_restrictions');
      expect(err.param).toBe(param);
    }
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'com.example.app'],
    ['an object', { 0: 'com.example.app' }],
    ['a number', 5],
  ])('refuses %s in place of a list', (_, value) => {
    const err = serviceErrorOf(() => fn(value));
    expect(err.code).toBe(code);
    expect(err.param).toBe(param);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['a nested list', [entry(0)]],
    ['an object', { value: entry(0) }],
  ])('refuses %s as an entry, naming its index', (_, bad) => {
    const err = serviceErrorOf(() => fn([entry(0), bad]));
    expect(err.code).toBe(code);
    expect(err.param).toBe(param);
    expect(err.message).toContain(`${param}[1]`);
  });

  it('collapses duplicates, keeping the first position', () => {
    expect(fn([entry(1), entry(0), entry(1)])).toEqual([entry(1), entry(0)]);
  });
});

describe('normalizeAllowedOrigins', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.COM', 'https://example.com'],
    ['https://example.com/', 'https://example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://example.com:80', 'https://example.com:80'],
    ['http://example.com:443', 'http://example.com:443'],
    ['https://example.com:8443/', 'https://example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['https://[0:0:0:0:0:0:0:1]', 'https://[::1]'],
    ['https://my-app.example.co.uk', 'https://my-app.example.co.uk'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.Example.com:443', 'https://*.example.com'],
    ['https://*.example.com:8443', 'https://*.example.com:8443'],
    ['http://*.example.com', 'http://*.example.com'],
    ['https://*.example.co.uk', 'https://*.example.co.uk'],
    ['https://*.team.github.io', 'https://*.team.github.io'],
    ['http://*.localhost:5173', 'http://*.localhost:5173'],
    ['https://com', 'https://com'],
  ])('accepts %s as %s', (input, canonical) => {
    expect(normalizeAllowedOrigins([input])).toEqual([canonical]);
  });

  it('collapses entries that differ only in spelling', () => {
    expect(normalizeAllowedOrigins(['https://Example.com', 'https://example.com:443/'])).toEqual(['https://example.com']);
  });

  it.each([
    ['no scheme', 'example.com'],
    ['scheme without slashes', 'https:example.com'],
    ['other scheme', 'ftp://example.com'],
    ['websocket scheme', 'wss://example.com'],
    ['the null origin', 'null'],
    ['a path', 'https://example.com/app'],
    ['a path with trailing slash', 'https://example.com/app/'],
    ['a double slash', 'https://example.com//'],
    ['a query', 'https://example.com?x=1'],
    ['an empty query', 'https://example.com?'],
    ['a fragment', 'https://example.com#top'],
    ['userinfo', 'https://user@example.com'],
    ['userinfo with password', 'https://user:pw@example.com'],
    ['backslashes', 'https:\\\\example.com'],
    ['a percent-escape', 'https://ex%61mple.com'],
    ['surrounding space', ' https://example.com'],
    ['inner space', 'https://exa mple.com'],
    ['no host', 'https://'],
    ['a colon without port', 'https://example.com:'],
    ['a port over 65535', 'https://example.com:65536'],
    ['a non-numeric port', 'https://example.com:https'],
    ['an empty label', 'https://example..com'],
    ['a trailing dot', 'https://example.com.'],
    ['a label starting with a hyphen', 'https://-example.com'],
    ['a label ending with a hyphen', 'https://example-.com'],
    ['a label over 63 characters', `https://${'a'.repeat(64)}.com`],
    ['a symbol in the host', 'https://exa$mple.com'],
    ['a non-decimal IPv4 host', 'https://0x7f.0.0.1'],
    ['a shortened IPv4 host', 'https://127.1'],
    ['a bad IPv6 host', 'https://[::g]'],
    ['an over-long entry', `https://${'a.'.repeat(200)}com`],
    ['a bare wildcard', 'https://*'],
    ['a wildcard without dot', 'https://*example.com'],
    ['a double wildcard', 'https://*.*.example.com'],
    ['a wildcard in the middle', 'https://app.*.example.com'],
    ['a wildcard at the end', 'https://example.*'],
    ['a wildcard over an IPv4 address', 'https://*.192.0.2.1'],
    ['a wildcard over an IPv6 address', 'https://*.[::1]'],
    ['a wildcard with a path', 'https://*.example.com/app'],
    ['a wildcard scheme', '*://example.com'],
    ['a wildcard over a top-level domain', 'https://*.com'],
    ['a wildcard over a two-label public suffix', 'https://*.co.uk'],
    ['a wildcard over a hosting suffix', 'https://*.github.io'],
    ['a wildcard over an IDN top-level domain', 'https://*.рф'],
  ])('refuses %s', (_, input) => {
    const err = serviceErrorOf(() => normalizeAllowedOrigins(['https://ok.example', input]));
    expect(err.code).toBe('invalid_origin');
    expect(err.param).toBe('allowed_origins');
    expect(err.message).toContain('allowed_origins[1]');
    expect(err.message).not.toContain(input);
  });
});

describe('originAllowed', () => {
  const allowed = normalizeAllowedOrigins([
    'https://app.example.org',
    'http://localhost:3000',
    'https://*.example.com',
    'https://*.staging.example.net:8443',
    'https://[::1]:8443',
  ]);

  it.each([
    ['exact match', 'https://app.example.org', true],
    ['exact match in another case', 'HTTPS://APP.example.org', true],
    ['exact match with explicit default port', 'https://app.example.org:443', true],
    ['exact match with port', 'http://localhost:3000', true],
    ['IPv6 host', 'https://[::1]:8443', true],
    ['exact entry, other scheme', 'http://app.example.org', false],
    ['exact entry, other port', 'https://app.example.org:8443', false],
    ['exact entry, subdomain', 'https://www.app.example.org', false],
    ['exact entry, parent domain', 'https://example.org', false],
    ['exact entry, missing port', 'http://localhost', false],
    ['wildcard, the host itself', 'https://example.com', true],
    ['wildcard, one level down', 'https://a.example.com', true],
    ['wildcard, two levels down', 'https://a.b.example.com', true],
    ['wildcard, suffix without dot', 'https://badexample.com', false],
    ['wildcard, host as a prefix', 'https://example.com.evil.test', false],
    ['wildcard, other scheme', 'http://a.example.com', false],
    ['wildcard, other port', 'https://a.example.com:8443', false],
    ['wildcard with port, matching port', 'https://a.staging.example.net:8443', true],
    ['wildcard with port, the host itself', 'https://staging.example.net:8443', true],
    ['wildcard with port, default port', 'https://a.staging.example.net', false],
    ['wildcard with port, parent domain', 'https://example.net:8443', false],
    ['the null origin', 'null', false],
    ['an empty origin', '', false],
    ['garbage', 'not an origin', false],
    ['an origin with a path', 'https://app.example.org/x', false],
    ['a wildcard sent as the origin', 'https://*.example.com', false],
  ])('%s: %s → %s', (_, origin, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected);
  });

  it('refuses a missing origin', () => {
    expect(originAllowed(undefined, allowed)).toBe(false);
  });

  it('allows nothing with an empty list', () => {
    expect(originAllowed('https://example.com', [])).toBe(false);
  });
});

describe('normalizeBundleIds', () => {
  it.each([
    'com.example.app',
    'com.example.my_app',
    'com.example.my-app',
    'Com.Example.App2',
    'io.x',
    'org.example.app.extension.widget',
  ])('accepts %s unchanged', (id) => {
    expect(normalizeBundleIds([id])).toEqual([id]);
  });

  it('keeps ids that differ only in case apart', () => {
    expect(normalizeBundleIds(['com.example.app', 'com.example.App'])).toEqual(['com.example.app', 'com.example.App']);
  });

  it.each([
    ['a single segment', 'example'],
    ['an empty string', ''],
    ['a leading dot', '.com.example'],
    ['a trailing dot', 'com.example.'],
    ['an empty segment', 'com..example'],
    ['a segment starting with a digit', 'com.1example.app'],
    ['a segment starting with an underscore', 'com._example'],
    ['a segment starting with a hyphen', 'com.-example'],
    ['a space', 'com.example app'],
    ['a slash', 'com/example/app'],
    ['a wildcard', 'com.example.*'],
    ['a non-ASCII letter', 'com.exämple.app'],
    ['an over-long id', `com.${'a'.repeat(252)}`],
  ])('refuses %s', (_, id) => {
    const err = serviceErrorOf(() => normalizeBundleIds(['com.example.ok', id]));
    expect(err.code).toBe('invalid_bundle_id');
    expect(err.param).toBe('allowed_bundle_ids');
    expect(err.message).toContain('allowed_bundle_ids[1]');
    if (id !== '') expect(err.message).not.toContain(id);
  });
});

describe('bundleIdAllowed', () => {
  const allowed = normalizeBundleIds(['com.example.app', 'com.example.my_app']);

  it.each([
    ['com.example.app', true],
    ['com.example.my_app', true],
    ['com.example.App', false],
    ['com.example', false],
    ['com.example.app.extension', false],
    ['', false],
  ])('%s → %s', (id, expected) => {
    expect(bundleIdAllowed(id, allowed)).toBe(expected);
  });

  it('refuses a missing id and allows nothing with an empty list', () => {
    expect(bundleIdAllowed(undefined, allowed)).toBe(false);
    expect(bundleIdAllowed('com.example.app', [])).toBe(false);
  });
});

describe('normalizeAllowedIps', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['192.0.2.7/32', '192.0.2.7'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['2001:DB8:abcd::1/32', '2001:db8::/32'],
    ['2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['::/0', '::/0'],
    ['::1', '::1'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
    ['::ffff:0:0/96', '0.0.0.0/0'],
  ])('accepts %s as %s', (input, canonical) => {
    expect(normalizeAllowedIps([input])).toEqual([canonical]);
  });

  it('collapses entries that denote the same range', () => {
    expect(normalizeAllowedIps(['10.0.0.0/8', '10.9.9.9/8', '::ffff:10.0.0.0/104'])).toEqual(['10.0.0.0/8']);
  });

  it.each([
    ['a host name', 'example.com'],
    ['an empty string', ''],
    ['three parts', '192.0.2'],
    ['an octet over 255', '192.0.2.256'],
    ['leading zeros', '192.000.002.007'],
    ['a hex part', '0xc0.0.2.7'],
    ['a shortened IPv4 address', '127.1'],
    ['an IPv4 prefix over 32', '198.51.100.0/33'],
    ['an IPv6 prefix over 128', '2001:db8::/129'],
    ['a negative prefix', '198.51.100.0/-1'],
    ['a signed prefix', '198.51.100.0/+8'],
    ['a prefix with leading zero', '198.51.100.0/08'],
    ['an empty prefix', '198.51.100.0/'],
    ['two prefixes', '198.51.100.0/8/8'],
    ['a dotted netmask', '198.51.100.0/255.0.0.0'],
    ['a range', '198.51.100.1-198.51.100.9'],
    ['a double ::', '2001:db8::1::2'],
    ['a bad IPv6 group', '2001:db8::g'],
    ['an IPv6 zone id', 'fe80::1%eth0'],
    ['surrounding space', ' 198.51.100.7'],
    ['a bracketed IPv6 address', '[2001:db8::1]'],
  ])('refuses %s', (_, input) => {
    const err = serviceErrorOf(() => normalizeAllowedIps(['203.0.113.1', input]));
    expect(err.code).toBe('invalid_ip');
    expect(err.param).toBe('allowed_ips');
    expect(err.message).toContain('allowed_ips[1]');
    if (input !== '') expect(err.message).not.toContain(input);
  });
});

describe('ipAllowed', () => {
  const allowed = normalizeAllowedIps(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']);

  it.each([
    ['inside an IPv4 range', '10.20.30.40', true],
    ['first address of an IPv4 range', '10.0.0.0', true],
    ['last address of an IPv4 range', '10.255.255.255', true],
    ['just past an IPv4 range', '11.0.0.0', false],
    ['a single IPv4 address', '192.0.2.7', true],
    ['next to a single IPv4 address', '192.0.2.8', false],
    ['inside an IPv6 range', '2001:db8:ffff::42', true],
    ['inside an IPv6 range, uncompressed', '2001:0db8:0000:0000:0000:0000:0000:0042', true],
    ['just past an IPv6 range', '2001:db9::', false],
    ['a single IPv6 address', '::1', true],
    ['next to a single IPv6 address', '::2', false],
    ['IPv6 with a zone id', '2001:db8::1%eth0', true],
    ['mapped IPv6 against an IPv4 range', '::ffff:10.1.2.3', true],
    ['mapped IPv6 against a single IPv4 address', '::ffff:192.0.2.7', true],
    ['mapped IPv6 in hex form', '::ffff:c000:207', true],
    ['mapped IPv6 outside every range', '::ffff:11.0.0.1', false],
    ['IPv4 loopback is not IPv6 loopback', '127.0.0.1', false],
    ['an empty string', '', false],
    ['garbage', 'not an address', false],
    ['a CIDR range', '10.0.0.0/8', false],
    ['a shortened IPv4 address', '10.1', false],
  ])('%s: %s → %s', (_, ip, expected) => {
    expect(ipAllowed(ip, allowed)).toBe(expected);
  });

  it('matches an IPv4 peer against mapped IPv6 entries', () => {
    // Stored before normalisation could fold them to IPv4, or written to cover all of IPv6.
    expect(ipAllowed('10.1.2.3', ['::ffff:10.0.0.0/104'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['::ffff:a01:203'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['::/0'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['::ffff:11.0.0.0/104'])).toBe(false);
    expect(ipAllowed('10.1.2.3', ['2001:db8::/32'])).toBe(false);
  });

  it('matches a mapped peer against an IPv4-wide range and a plain IPv6 peer against none', () => {
    expect(ipAllowed('::ffff:127.0.0.1', ['0.0.0.0/0'])).toBe(true);
    expect(ipAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
  });

  it('skips unparsable entries and allows nothing with an empty list', () => {
    expect(ipAllowed('10.1.2.3', ['garbage', '10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('10.1.2.3', ['garbage'])).toBe(false);
    expect(ipAllowed('10.1.2.3', [])).toBe(false);
  });
});

describe('checkRestrictionsApplicable', () => {
  it.each([
    ['nothing', {}],
    ['empty lists', { allowed_origins: [], allowed_bundle_ids: [] }],
    ['nulls', { allowed_origins: null, allowed_bundle_ids: null }],
  ])('lets a secret key have %s', (_, r) => {
    expect(() => checkRestrictionsApplicable('secret', r)).not.toThrow();
  });

  it('lets a publishable key have origins and bundle ids', () => {
    expect(() =>
      checkRestrictionsApplicable('publishable', { allowed_origins: ['https://example.com'], allowed_bundle_ids: ['com.example.app'] }),
    ).not.toThrow();
  });

  it.each([
    ['allowed_origins', { allowed_origins: ['https://secret.example'] }],
    ['allowed_bundle_ids', { allowed_bundle_ids: ['com.secret.app'] }],
    ['allowed_origins', { allowed_origins: 'https://secret.example' }],
    ['allowed_origins', { allowed_origins: ['https://secret.example'], allowed_bundle_ids: ['com.secret.app'] }],
  ])('refuses %s on a secret key', (param, r) => {
    const err = serviceErrorOf(() => checkRestrictionsApplicable('secret', r));
    expect(err.code).toBe('restriction_not_applicable');
    expect(err.param).toBe(param);
    expect(err.message).not.toContain('secret.example');
    expect(err.message).not.toContain('com.secret.app');
  });
});
