import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF guard for tenant webhook URLs. Always: http(s) only, no credentials in the URL. In
 * production also: the host must not be, or resolve to, a loopback, private, link-local, CGNAT,
 * multicast or otherwise reserved address (checked when the URL is saved AND before every
 * delivery, since DNS answers change). Outside production private targets are allowed so tests
 * and the local sandbox can receive deliveries on 127.0.0.1.
 */
const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv6');
}

export function isReservedAddress(address: string): boolean {
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return reserved.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family === 6) return reserved.check(address, 'ipv6');
  return true;
}

export interface UrlGuardOptions {
  allowPrivate: boolean;
  /** Resolver (tests inject one); defaults to the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export async function checkWebhookUrl(raw: string, opts: UrlGuardOptions): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The URL is not valid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'Only http and https URLs are allowed' };
  if (url.username || url.password) return { ok: false, reason: 'Credentials in the URL are not allowed' };
  if (opts.allowPrivate) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'Loopback addresses are not allowed' };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.resolve ?? systemResolve)(host);
  } catch {
    return { ok: false, reason: 'The host name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'The host name does not resolve' };
  if (addresses.some(isReservedAddress)) return { ok: false, reason: 'Private, loopback and reserved addresses are not allowed' };
  return { ok: true, url };
}
