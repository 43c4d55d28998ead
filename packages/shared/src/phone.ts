/**
 * Vietnamese mobile numbers: normalisation to the ZNS wire form (`84` + 9 digits), validation
 * against the carrier prefix table (Zalo REFERENCE §9) and carrier naming. Runtime-neutral: the
 * server, the Zalo client, the sandbox and the web all use it.
 */

/** The spec's telco list (plus Reddi, the MVNO on 055). */
export const CARRIERS = ['Viettel', 'Mobifone', 'Vinaphone', 'Vietnamobile', 'Gmobile', 'SFone', 'Itelecom', 'Reddi'] as const;
export type Carrier = (typeof CARRIERS)[number];

/**
 * National prefixes after the trunk 0 (10-digit format since 2018). S-Fone (095) is defunct, so no
 * live prefix maps to it: it stays in the list because the spec's telco filter names it.
 */
export const CARRIER_PREFIXES: Readonly<Record<Carrier, readonly string[]>> = {
  Viettel: ['86', '96', '97', '98', '32', '33', '34', '35', '36', '37', '38', '39'],
  Mobifone: ['89', '90', '93', '70', '76', '77', '78', '79'],
  Vinaphone: ['88', '91', '94', '81', '82', '83', '84', '85'],
  Vietnamobile: ['92', '56', '58', '52'],
  Gmobile: ['99', '59'],
  SFone: [],
  Itelecom: ['87'],
  Reddi: ['55'],
};

const CARRIER_BY_PREFIX: ReadonlyMap<string, Carrier> = new Map(
  CARRIERS.flatMap((c) => CARRIER_PREFIXES[c].map((p) => [p, c] as const)),
);

/** Pre-2018 11-digit prefixes (after the trunk 0) and their 10-digit replacements. */
const LEGACY_PREFIXES: Readonly<Record<string, string>> = {
  '162': '32', '163': '33', '164': '34', '165': '35', '166': '36', '167': '37', '168': '38', '169': '39',
  '120': '70', '121': '79', '122': '77', '126': '76', '128': '78',
  '123': '83', '124': '84', '125': '85', '127': '81', '129': '82',
  '186': '56', '188': '58', '199': '59',
};

export type PhoneParseResult =
  | { ok: true; /** `84` + 9 digits, what ZNS expects */ msisdn: string; /** `0` + 9 digits */ national: string; carrier: Carrier }
  | { ok: false; reason: 'empty' | 'format' | 'prefix' };

/** Strips separators and the country code; returns the 9-digit subscriber part, or null. */
function nationalDigits(input: string): string | null {
  let s = input.trim().replace(/[\s.\-()]/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  else if (s.startsWith('0084')) s = s.slice(2);
  if (!/^\d+$/.test(s)) return null;
  if (s.length === 11 && s.startsWith('84')) return s.slice(2);
  if (s.length === 12 && s.startsWith('840')) return s.slice(3);
  if (s.length === 10 && s.startsWith('0')) return s.slice(1);
  if (s.length === 9 && !s.startsWith('0')) return s;
  // Old 11-digit national numbers (01xx…) still appear in customer lists.
  const legacy = s.length === 11 && s.startsWith('01') ? s.slice(1) : s.length === 12 && s.startsWith('841') ? s.slice(2) : null;
  if (legacy !== null) {
    const next = LEGACY_PREFIXES[legacy.slice(0, 3)];
    return next ? next + legacy.slice(3) : null;
  }
  return null;
}

/** Parses any common spelling (`0987…`, `+84 987…`, `987…`, `84987…`) and names the carrier. */
export function parseVietnamPhone(input: string | null | undefined): PhoneParseResult {
  if (!input || !input.trim()) return { ok: false, reason: 'empty' };
  const digits = nationalDigits(input);
  if (digits === null || digits.length !== 9) return { ok: false, reason: 'format' };
  const carrier = CARRIER_BY_PREFIX.get(digits.slice(0, 2));
  if (!carrier) return { ok: false, reason: 'prefix' };
  return { ok: true, msisdn: `84${digits}`, national: `0${digits}`, carrier };
}

/** `84` + 9 digits for a valid mobile number, else null. */
export function normalizeVietnamPhone(input: string | null | undefined): string | null {
  const r = parseVietnamPhone(input);
  return r.ok ? r.msisdn : null;
}

/** True when the input is a Vietnamese mobile number on a known carrier prefix. */
export function isValidVietnamPhone(input: string | null | undefined): boolean {
  return parseVietnamPhone(input).ok;
}

/** The carrier of a valid number, else null. */
export function carrierOf(input: string | null | undefined): Carrier | null {
  const r = parseVietnamPhone(input);
  return r.ok ? r.carrier : null;
}
