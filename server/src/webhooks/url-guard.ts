import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; throws when it has none. Tests pass their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** A URL that passed the rules, with the address the connection must go to. */
export interface CheckedUrl {
  url: URL;
  /** The host as the TLS certificate must name it (brackets of an IPv6 literal removed). */
  hostname: string;
  target: ResolvedAddress;
}

export interface UrlGuardOptions {
  resolver?: Resolver;
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS=1`: private, loopback and local names allowed (development only). */
  allowPrivate?: boolean;
}

const DNS_TIMEOUT_MS = 5_000;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address, bounded in time. */
export const systemResolver: Resolver = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })), DNS_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
};

/** Names that only ever mean this machine or a private network, whatever DNS says of them. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

/**
 * The rules that need no network: a valid https URL without user name or password.
 * Returns the parsed URL; throws `invalid_webhook_url`.
 */
export function parseWebhookUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) throw invalidUrl();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') throw invalidUrl();
  return url;
}

/**
 * Whether an address may receive webhooks: only global unicast space. Loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local, shared (100.64/10), reserved and
 * documentation ranges, multicast, IPv4-mapped and other IPv6 forms that embed an IPv4
 * address (NAT64, 6to4, Teredo) are refused. With `allowPrivate`, only addresses no host can
 * listen on (unspecified, multicast, broadcast) stay refused.
 */
export function isAllowedAddress(address: string, allowPrivate = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (allowPrivate) return !['unspecified', 'multicast', 'broadcast'].includes(range);
  if (range !== 'unicast') return false;
  // IPv6: only the global unicast block 2000::/3 is assigned for use on the internet.
  return parsed.kind() === 'ipv4' || parsed.match(ipaddr.IPv6.parse('2000::'), 3);
}

/**
 * Every rule of the spec for an endpoint URL, checked when it is saved and again before every
 * delivery: https without credentials (`invalid_webhook_url`); no local name and every address
 * the name resolves to public (`webhook_url_not_public`); the name resolves
 * (`webhook_url_unresolvable`). Returns the first address, which the delivery connects to, so a
 * DNS answer that changes between the check and the connection cannot redirect it.
 */
export async function checkWebhookUrl(raw: unknown, options: UrlGuardOptions = {}): Promise<CheckedUrl> {
  const url = parseWebhookUrl(raw);
  const allowPrivate = options.allowPrivate ?? false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (ipaddr.isValid(hostname)) {
    if (!isAllowedAddress(hostname, allowPrivate)) throw notPublic();
    return { url, hostname, target: { address: hostname, family: ipaddr.parse(hostname).kind() === 'ipv6' ? 6 : 4 } };
  }
  if (!allowPrivate && LOCAL_NAME.test(hostname)) throw notPublic();
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolver ?? systemResolver)(hostname);
  } catch {
    throw new ServiceError('webhook_url_unresolvable', { param: 'url' });
  }
  if (addresses.length === 0) throw new ServiceError('webhook_url_unresolvable', { param: 'url' });
  if (!addresses.every((a) => isAllowedAddress(a.address, allowPrivate))) throw notPublic();
  return { url, hostname, target: addresses[0] };
}

const invalidUrl = () => new ServiceError('invalid_webhook_url', { param: 'url' });
const notPublic = () => new ServiceError('webhook_url_not_public', { param: 'url' });
