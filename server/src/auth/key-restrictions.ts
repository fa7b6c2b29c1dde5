import ipaddr from 'ipaddr.js';
import { parse as parseDomain } from 'tldts';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { ErrorCode } from '../../../engine/src/errors/error-catalogue.js';

/**
 * Pure rules for API key restrictions: validating and canonicalising the three lists a key may
 * carry (origins, bundle ids, IP ranges) and matching a request against them. Canonical forms are
 * stored, so matching is a comparison, not a second round of parsing rules.
 *
 * Every matcher treats an empty list as "nothing allowed"; deciding that a key has no restriction
 * at all is the caller's job. Error messages name the list and the entry's index, never its value,
 * because submitted values end up in logs and API responses.
 */

export const MAX_RESTRICTION_ENTRIES = 50;

type KeyKind = 'secret' | 'publishable';
type ListParam = 'allowed_origins' | 'allowed_bundle_ids' | 'allowed_ips';

/** Checks the list shape and size, then canonicalises each entry; duplicates collapse to one. */
function normalizeList(
  list: unknown,
  param: ListParam,
  invalidCode: ErrorCode,
  expected: string,
  canonical: (entry: string) => string | null,
): string[] {
  if (!Array.isArray(list)) {
    throw new ServiceError(invalidCode, { param, message: `${param} must be a list of strings.` });
  }
  // Size first, so an oversized list costs no parsing.
  if (list.length > MAX_RESTRICTION_ENTRIES) {
    throw new ServiceError('too_many_restrictions', {
      param,
      message: `${param} has more than ${MAX_RESTRICTION_ENTRIES} entries.`,
    });
  }
  const out = new Set<string>();
  list.forEach((entry: unknown, i) => {
    const value = typeof entry === 'string' ? canonical(entry) : null;
    if (value === null) {
      throw new ServiceError(invalidCode, { param, message: `${param}[${i}] is not ${expected}.` });
    }
    out.add(value);
  });
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Origins

interface ParsedOrigin {
  scheme: 'http' | 'https';
  wildcard: boolean;
  /** Lower-case ASCII host as a browser serialises it: punycode, dotted IPv4 or `[ipv6]`. */
  hostname: string;
  /** Empty for the scheme's default port. */
  port: string;
}

// Structure only: scheme, optional `*.`, an authority without path, query, fragment, userinfo,
// percent-escapes or further `*`, and at most a lone trailing slash. The URL parser does the rest.
const ORIGIN_SHAPE = /^(https?):\/\/(\*\.)?([^/?#@\\%*\s]+)\/?$/i;
const DNS_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** Parses an origin or origin pattern; null when it is not `scheme://host[:port]`. */
function parseOrigin(raw: string, allowWildcard: boolean): ParsedOrigin | null {
  if (raw.length > 300) return null; // 253-char host plus scheme and port; bounds the work
  const m = ORIGIN_SHAPE.exec(raw);
  if (!m) return null;
  const scheme = m[1].toLowerCase() as 'http' | 'https';
  const wildcard = m[2] !== undefined;
  if (wildcard && !allowWildcard) return null;
  const authority = m[3];
  if (authority.endsWith(':')) return null; // a colon without a port
  let url: URL;
  try {
    // The WHATWG parser is what browsers use to build the Origin header, so it gives the same
    // IDN-to-punycode, lower-casing, IPv4 and default-port handling.
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return null;
  }
  const hostname = url.hostname;
  const isIpv4 = ipaddr.IPv4.isValidFourPartDecimal(hostname);
  // The URL parser also reads `0x7f.1` or `2130706433` as 127.0.0.1; only the plain form is accepted.
  if (isIpv4 && authority.replace(/:\d+$/, '') !== hostname) return null;
  const isIp = isIpv4 || hostname.startsWith('[');
  if (!isIp) {
    if (hostname.length > 253 || !hostname.split('.').every((label) => DNS_LABEL.test(label))) return null;
  } else if (wildcard) {
    return null; // subdomains of an address mean nothing
  }
  return { scheme, wildcard, hostname, port: url.port };
}

function formatOrigin(o: ParsedOrigin): string {
  return `${o.scheme}://${o.wildcard ? '*.' : ''}${o.hostname}${o.port ? `:${o.port}` : ''}`;
}

/**
 * Validates `allowed_origins` (at most 50 entries of `scheme://host[:port]`, http or https, host
 * optionally prefixed by `*.`) and returns their canonical forms: lower-case, default port
 * dropped, punycode host, no trailing slash.
 */
export function normalizeAllowedOrigins(list: unknown): string[] {
  return normalizeList(list, 'allowed_origins', 'invalid_origin', 'of the form scheme://host[:port] (a wildcard needs a registrable domain)', (entry) => {
    const parsed = parseOrigin(entry, true);
    if (parsed?.wildcard && isPublicSuffix(parsed.hostname)) return null;
    return parsed && formatOrigin(parsed);
  });
}

/**
 * Whether a host is itself a public suffix (`com`, `co.uk`, `github.io`): `*.` over one would
 * allow pages of unrelated owners. Names on no list (`localhost`, `internal`) are not suffixes.
 */
function isPublicSuffix(hostname: string): boolean {
  const d = parseDomain(hostname, { allowPrivateDomains: true });
  return d.publicSuffix === hostname && (d.isIcann === true || d.isPrivate === true);
}

/**
 * Whether a browser `Origin` header is allowed: an exact canonical match, or a `*.host` pattern
 * whose host is the origin's host or a parent domain of it, with the same scheme and port.
 * A missing, `null` or malformed origin is never allowed.
 */
export function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (origin === undefined) return false;
  const o = parseOrigin(origin, false);
  if (!o) return false;
  return allowed.some((entry) => {
    const p = parseOrigin(entry, true);
    if (!p || p.scheme !== o.scheme || p.port !== o.port) return false;
    if (!p.wildcard) return p.hostname === o.hostname;
    // The leading dot keeps `badexample.com` out of `*.example.com`.
    return o.hostname === p.hostname || o.hostname.endsWith(`.${p.hostname}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Bundle ids

// Android package names (letters, digits, underscore) and iOS bundle ids (which also allow
// hyphens): two or more segments, each starting with a letter.
const BUNDLE_ID = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z][A-Za-z0-9_-]*)+$/;

/** Validates `allowed_bundle_ids` (at most 50, reverse-domain form); values are kept as given. */
export function normalizeBundleIds(list: unknown): string[] {
  return normalizeList(list, 'allowed_bundle_ids', 'invalid_bundle_id', 'in reverse-domain form', (entry) =>
    entry.length <= 255 && BUNDLE_ID.test(entry) ? entry : null,
  );
}

/** Exact, case-sensitive match: both platforms treat ids differing in case as different apps. */
export function bundleIdAllowed(id: string | undefined, allowed: string[]): boolean {
  return id !== undefined && allowed.includes(id);
}

// ---------------------------------------------------------------------------------------------
// IP addresses and ranges

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses a plain address strictly: four-part decimal IPv4 only (ipaddr.js would otherwise accept
 * `127.1` or hex and octal parts), IPv6 with an optional zone id when `allowZone`.
 */
function parseAddress(raw: string, allowZone: boolean): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(raw)) return ipaddr.IPv4.parse(raw);
  if ((allowZone || !raw.includes('%')) && ipaddr.IPv6.isValid(raw)) return ipaddr.IPv6.parse(raw);
  return null;
}

/** Mapped IPv6 (`::ffff:a.b.c.d`, as Node reports IPv4 peers on dual-stack sockets) as IPv4. */
function unmap(addr: Address): Address {
  return addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() ? addr.toIPv4Address() : addr;
}

/** An entry as a network and prefix length; null when it is not an address or CIDR range. */
function parseRange(raw: string): [Address, number] | null {
  const slash = raw.indexOf('/');
  const addrPart = slash < 0 ? raw : raw.slice(0, slash);
  const prefixPart = slash < 0 ? null : raw.slice(slash + 1);
  const addr = parseAddress(addrPart, false);
  if (!addr) return null;
  const bits = addr.kind() === 'ipv4' ? 32 : 128;
  let prefix = bits;
  if (prefixPart !== null) {
    if (!/^(?:0|[1-9]\d{0,2})$/.test(prefixPart)) return null; // no sign, spaces or leading zeros
    prefix = Number(prefixPart);
    if (prefix > bits) return null;
  }
  // A mapped range that stays inside ::ffff:0:0/96 is an IPv4 range; store it as one.
  if (addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() && prefix >= 96) {
    return [addr.toIPv4Address(), prefix - 96];
  }
  return [addr, prefix];
}

function formatRange([addr, prefix]: [Address, number]): string {
  const bits = addr.kind() === 'ipv4' ? 32 : 128;
  if (prefix === bits) return addr.toString();
  // Host bits are cleared, so `10.1.2.3/8` is stored as the range it denotes, `10.0.0.0/8`.
  const cidr = `${addr.toString()}/${prefix}`;
  const network =
    addr instanceof ipaddr.IPv4 ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${prefix}`;
}

/**
 * Validates `allowed_ips` (at most 50 IPv4/IPv6 addresses or CIDR ranges) and returns canonical
 * strings: RFC 5952 IPv6, network address of a range, no prefix on a single address, mapped IPv6
 * as IPv4.
 */
export function normalizeAllowedIps(list: unknown): string[] {
  return normalizeList(list, 'allowed_ips', 'invalid_ip', 'an IP address or CIDR range', (entry) => {
    const range = parseRange(entry);
    return range && formatRange(range);
  });
}

/**
 * Whether a request's address lies in any entry. IPv4 and IPv4-mapped IPv6 are the same peer,
 * so each matches entries written in the other form. An unparsable address is never allowed.
 */
export function ipAllowed(ip: string, allowed: string[]): boolean {
  const parsed = parseAddress(ip, true);
  if (!parsed) return false;
  const addr = unmap(parsed);
  return allowed.some((entry) => {
    const range = parseRange(entry);
    if (!range) return false;
    const [network, prefix] = range;
    if (addr.kind() === network.kind()) return addr.match(network, prefix);
    // An IPv4 peer also lies in IPv6 ranges covering its mapped form (`::/0`, `::ffff:0:0/95`).
    return addr instanceof ipaddr.IPv4 && addr.toIPv4MappedAddress().match(network, prefix);
  });
}

// ---------------------------------------------------------------------------------------------
// Applicability

/** Anything but absent or an empty list counts as set, so garbage on a secret key is refused too. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

/**
 * Origins and bundle ids restrict where a publishable key is embedded; a secret key never runs in
 * a browser or app, so setting them there is refused rather than silently ignored. IP ranges
 * apply to both kinds.
 */
export function checkRestrictionsApplicable(
  kind: KeyKind,
  r: { allowed_origins?: unknown; allowed_bundle_ids?: unknown },
): void {
  if (kind !== 'secret') return;
  for (const param of ['allowed_origins', 'allowed_bundle_ids'] as const) {
    if (isSet(r[param])) {
      throw new ServiceError('restriction_not_applicable', {
        param,
        message: `${param} cannot be set on a secret key.`,
      });
    }
  }
}
