import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * SSRF guard for tenant webhook URLs, on in every mode (ARCHITECTURE rule 11). Always: http(s)
 * only, no credentials in the URL. Unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set (tests and local
 * development): the host must not be named like an internal one (localhost, cloud metadata) nor be,
 * or resolve to, a loopback, private, link-local, CGNAT, unique-local, multicast, metadata or
 * otherwise reserved address. Checked when the URL is saved and again before every delivery; the
 * delivery then connects only to the addresses that were checked (see `pinnedLookup`), so a DNS
 * answer that changes between check and connect (rebinding) cannot reach an internal address.
 */
const reservedV4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // reserved and 255.255.255.255
];
const reservedV6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: would reach whatever IPv4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique-local, incl. AWS metadata fd00:ec2::254
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
const reserved = new BlockList();
for (const [net, prefix] of reservedV4) reserved.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of reservedV6) reserved.addSubnet(net, prefix, 'ipv6');

/** Host names that name the local machine or a cloud metadata service whatever DNS says. */
const internalNames = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** The IPv4 address an IPv4-mapped IPv6 address carries (`::ffff:10.0.0.1` or `::ffff:a00:1`), else undefined. */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return undefined;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for any address a tenant URL may not reach (and for anything that is not an IP address). */
export function isReservedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = mappedIpv4(bare);
  if (v4) return isIP(v4) !== 4 || reserved.check(v4, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return reserved.check(bare, 'ipv4');
  if (family === 6) return reserved.check(bare, 'ipv6');
  return true;
}

/** True for host names that are internal by name (`localhost`, `*.localhost`, metadata services). */
export function isInternalHostname(host: string): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  return internalNames.has(h) || h.endsWith('.localhost');
}

/** Resolves a host name to every address it has (tests inject one). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolve: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
  });

export interface UrlGuardOptions {
  /** config.webhookAllowPrivateTargets: skip the address checks (tests and local development only). */
  allowPrivate: boolean;
  /** Resolver (tests inject one); defaults to the system resolver. */
  resolve?: Resolver;
}

/**
 * `addresses`: what the host resolved to and was checked against; a delivery connects only to
 * these. Absent when private targets are allowed (then the host is resolved at connect time).
 */
export type UrlVerdict = { ok: true; url: URL; addresses?: string[] } | { ok: false; code: UrlRefusal; reason: string };

/** Stable field-issue codes of a refused URL (the web words them: errors.json `fields.<code>`). */
export type UrlRefusal = 'url_invalid' | 'url_scheme' | 'url_credentials' | 'url_internal_host' | 'url_unresolved' | 'url_private_address';

export async function checkWebhookUrl(raw: string, opts: UrlGuardOptions): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: 'url_invalid', reason: 'The URL is not valid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, code: 'url_scheme', reason: 'Only http and https URLs are allowed' };
  if (url.username || url.password) return { ok: false, code: 'url_credentials', reason: 'Credentials in the URL are not allowed' };
  if (opts.allowPrivate) return { ok: true, url };
  // WHATWG URL has already normalised IPv4 forms (2130706433, 0x7f.1, 0) to dotted quads.
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isInternalHostname(host)) return { ok: false, code: 'url_internal_host', reason: 'Loopback and internal host names are not allowed' };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.resolve ?? systemResolve)(host.replace(/\.+$/, ''));
  } catch {
    return { ok: false, code: 'url_unresolved', reason: 'The host name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, code: 'url_unresolved', reason: 'The host name does not resolve' };
  if (addresses.some(isReservedAddress)) return { ok: false, code: 'url_private_address', reason: 'Private, loopback, link-local, metadata and reserved addresses are not allowed' };
  return { ok: true, url, addresses };
}

function lookupError(hostname: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${message} (${hostname})`), { code: 'ENOTFOUND', hostname });
}

/**
 * A `lookup` for http(s).request that answers only `addresses` (resolved and checked once by
 * `checkWebhookUrl`) and re-checks each of them at connect time, so the socket can only go to an
 * address that passed the guard. Node calls it with `all: true` when it races address families.
 */
export function pinnedLookup(addresses: readonly string[], allowPrivate: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    if (!allowPrivate && addresses.some(isReservedAddress)) return callback(lookupError(hostname, 'Address not allowed'), '');
    const all = addresses.map((address) => ({ address, family: isIP(address) })).filter((a) => a.family !== 0 && (!options.family || options.family === a.family));
    const first = all[0];
    if (!first) return callback(lookupError(hostname, 'No allowed address'), '');
    if (options.all) return callback(null, all);
    return callback(null, first.address, first.family);
  };
}

/** A `lookup` that resolves with `resolve` at connect time (private targets allowed: tests, local development). */
export function resolvingLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => pinnedLookup(addresses, true)(hostname, options, callback),
      (err: unknown) => callback(err instanceof Error ? err : lookupError(hostname, 'Lookup failed'), ''),
    );
  };
}
