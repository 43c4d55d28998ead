import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@zc/shared/errors';
import { AUDIT_ACTIONS } from '@zc/shared/api/audit';
import { API_KEY_STATUSES } from '@zc/shared/api/api-keys';
import { FALLBACK_NOTES } from '@zc/shared/api/fallback';
import { MESSAGE_TYPES, OA_MESSAGE_KINDS, SEND_MODES } from '@zc/shared/api/messaging';
import { TENANT_SERVICES } from '@zc/shared/api/organisation';
import { TEMPLATE_BUTTON_TYPES, ZNS_TEMPLATE_KINDS, ZNS_TEMPLATE_STATUSES, ZNS_TEMPLATE_TAGS } from '@zc/shared/api/templates';
import { WALLET_ENTRY_REASONS, WALLET_ENTRY_TYPES, WALLET_MODES } from '@zc/shared/api/wallet';
import { WEBHOOK_DELIVERY_STATUSES } from '@zc/shared/api/webhooks';
import { MERCHANT_ROLES } from '@zc/shared/permissions';
import { TEMPLATE_QUALITIES, templateButtonTypeKey } from '../features/templates/components/template-status';

const dir = path.dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['vi', 'en'] as const;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function readNamespace(lng: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8'));
}

/** key → text of one namespace file, nested keys joined with dots. */
function texts(lng: string, file: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value !== 'object' || value === null) out.set(prefix, value);
    else for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(readNamespace(lng, file), '');
  return out;
}

/**
 * Texts that are intentionally the same in the vi and the en console. Anything else equal in
 * both is English left in the Vietnamese console (or Vietnamese in the English one).
 */
const SAME_IN_VI_AND_EN = new Set([
  // brand and product names (Zalo's own names included), language endonyms
  'Zalo Console',
  'Tiếng Việt',
  'English',
  'Official Account',
  'Zalo OA',
  'OA',
  'ZNS',
  'Mini App',
  // terms the Vietnamese console uses as they are (the product's and Zalo's own vocabulary)
  'Email',
  'Spam',
  'Logo',
  // ZNS public modes as Zalo names them, and reaction names as Zalo's app shows them
  'Production',
  'Development',
  'Haha',
  'OK',
  'Tenant',
  'Webhook',
  'API key',
  'Access token',
  'Refresh token',
  'Marketing',
  'Voucher',
  'Video',
  // codes and units
  'OTP',
  'UID',
  'URL',
  'HTTP',
  '12 · OTP',
  '13 · URL',
  '{{size}} MB',
  '{{size}} KB',
  '—',
  // the money unit (common:currency): the đồng sign and its ISO code read the same in both
  '₫',
  'VND',
]);

/** §8 texts: the product's English wording, kept exactly in the en console (translated in vi). */
const SPEC_TEXTS_EN = {
  errors: {
    LOGIN_FAILED: 'Login failed. Account is not exist!',
    NO_MERCHANT: 'No merchants assigned',
    NO_TENANT: 'No tenant',
    MODULE_NOT_ENABLED: 'module not enabled. Please contact administrator',
    OTP_INCORRECT: 'OTP is incorrect',
    OTP_REQUIRED: 'OTP is required',
    OTP_MAX_ATTEMPTS: 'You have reached the maximum number of OTP attempts',
    OTP_TOO_SOON: 'Please try again after {{seconds}}',
    API_KEY_NOT_FOUND: 'API key not found',
    FORBIDDEN: 'Sorry, you are not authorized to access this page.',
    NOT_FOUND: 'Sorry, the page you visited does not exist.',
    INTERNAL: 'Sorry, something went wrong.',
  },
  common: {
    errorPage: {
      403: 'Sorry, you are not authorized to access this page.',
      404: 'Sorry, the page you visited does not exist.',
      500: 'Sorry, something went wrong.',
    },
  },
  auth: {
    loginFailed: { message: 'No merchants assigned' },
    notTenant: { message: 'No tenant' },
  },
  'api-keys': {
    apiKeys: { deleted: 'action success: delete' },
  },
  playground: {
    playground: { sent: 'action success: send', noApiKey: 'API key not found', imageUploadFailed: 'file uploaded failed' },
  },
} as const;

describe('locales', () => {
  const files = new Set(LANGUAGES.flatMap((lng) => readdirSync(path.join(dir, lng))));

  it('ships the same namespaces in vi and en', () => {
    for (const lng of LANGUAGES) expect(readdirSync(path.join(dir, lng)).sort()).toEqual([...files].sort());
  });

  for (const file of files) {
    it(`has every key of ${file} in both languages`, () => {
      const [vi, en] = LANGUAGES.map((lng) => new Set(flatten(readNamespace(lng, file))));
      const onlyVi = [...(vi ?? [])].filter((k) => !en?.has(k));
      const onlyEn = [...(en ?? [])].filter((k) => !vi?.has(k));
      expect({ onlyVi, onlyEn }).toEqual({ onlyVi: [], onlyEn: [] });
    });
  }

  it('translates every shared error code', () => {
    for (const lng of LANGUAGES) {
      const keys = new Set(flatten(readNamespace(lng, 'errors.json')));
      expect(Object.keys(ERROR_CODES).filter((code) => !keys.has(code))).toEqual([]);
    }
  });

  it('keeps the §8 texts exactly in the en console', () => {
    for (const [ns, expected] of Object.entries(SPEC_TEXTS_EN)) expect(readNamespace('en', `${ns}.json`), ns).toMatchObject(expected);
  });

  it('translates every text into Vietnamese (identical in both only when allow-listed)', () => {
    const untranslated: string[] = [];
    for (const file of files) {
      const en = texts('en', file);
      for (const [key, vi] of texts('vi', file)) {
        if (typeof vi === 'string' && vi === en.get(key) && !SAME_IN_VI_AND_EN.has(vi)) untranslated.push(`${file} ${key}: ${vi}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  /** Enum values shown to users: namespace file, key prefix, every value the server can send. */
  const ENUM_LABELS: Array<[string, string, readonly string[]]> = [
    ['history.json', 'history.mode', SEND_MODES],
    ['history.json', 'history.types', MESSAGE_TYPES],
    ['history.json', 'history.fallback.notes', FALLBACK_NOTES],
    ['playground.json', 'playground.kinds', OA_MESSAGE_KINDS],
    ['templates.json', 'templates.qualities', TEMPLATE_QUALITIES],
    ['templates.json', 'templates.status', ZNS_TEMPLATE_STATUSES],
    ['templates.json', 'templates.tags', ZNS_TEMPLATE_TAGS],
    ['templates.json', 'templates.kinds', ZNS_TEMPLATE_KINDS.map((k) => k.name)],
    ['playground.json', 'playground.buttonTypes', TEMPLATE_BUTTON_TYPES.map((b) => templateButtonTypeKey(b.type))],
    ['api-keys.json', 'apiKeys.status', API_KEY_STATUSES],
    ['wallet.json', 'wallet.modes', WALLET_MODES],
    ['wallet.json', 'wallet.types', WALLET_ENTRY_TYPES],
    ['wallet.json', 'wallet.reasons', WALLET_ENTRY_REASONS],
    ['webhooks.json', 'webhooks.deliveryStatus', WEBHOOK_DELIVERY_STATUSES],
    ['users.json', 'roles', MERCHANT_ROLES],
    ['tenants.json', 'services', TENANT_SERVICES],
  ];

  for (const [file, prefix, values] of ENUM_LABELS) {
    it(`labels every ${prefix} value in both languages`, () => {
      for (const lng of LANGUAGES) {
        const labels = texts(lng, file);
        expect(values.filter((value) => typeof labels.get(`${prefix}.${value}`) !== 'string'), `${lng} ${file}`).toEqual([]);
      }
    });
  }

  it('labels every audit action of the shared catalogue in both languages', () => {
    for (const lng of LANGUAGES) {
      const labels = texts(lng, 'audit.json');
      const missing = AUDIT_ACTIONS.filter((action) => {
        const label = labels.get(`actions.${action}`);
        return typeof label !== 'string' || label.trim() === '' || label === action;
      });
      // Names the actions to add under "actions" in locales/<lng>/audit.json.
      expect(missing, `audit actions without a ${lng} label`).toEqual([]);
    }
  });

  it('labels no audit action that is not in the catalogue', () => {
    const known = new Set<string>(AUDIT_ACTIONS);
    for (const lng of LANGUAGES) {
      const stale = [...texts(lng, 'audit.json').keys()].filter((key) => key.startsWith('actions.') && !known.has(key.slice('actions.'.length)));
      expect(stale, lng).toEqual([]);
    }
  });

  /** Stable codes in the server's source matching `pattern` (tests excluded). */
  function serverCodes(pattern: RegExp): Set<string> {
    const found = new Set<string>();
    const scan = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) scan(file);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          for (const m of readFileSync(file, 'utf8').matchAll(pattern)) if (m[1]) found.add(m[1]);
        }
      }
    };
    scan(path.join(dir, '../../../server/src'));
    return found;
  }

  it('words every field issue code the console can receive (schema keywords and fieldError codes)', () => {
    const codes = serverCodes(/fieldError\([^;]*?, '([a-z_]+)'\)/g);
    expect(codes.size).toBeGreaterThan(3);
    for (const code of ['invalid', 'invalid_type', 'invalid_value', 'invalid_format', 'too_big', 'too_small', 'unrecognized_keys', 'taken']) codes.add(code);
    for (const lng of LANGUAGES) {
      const labels = texts(lng, 'errors.json');
      expect([...codes].filter((code) => typeof labels.get(`fields.${code}`) !== 'string'), `field issue codes without a ${lng} text`).toEqual([]);
    }
  });

  it('labels every audit target type the server writes', () => {
    const types = serverCodes(/targetType: '([a-z_]+)'/g);
    expect(types.size).toBeGreaterThan(5);
    for (const lng of LANGUAGES) {
      const labels = texts(lng, 'audit.json');
      expect([...types].filter((type) => typeof labels.get(`targetTypes.${type}`) !== 'string'), `audit target types without a ${lng} label`).toEqual([]);
    }
  });
});
