import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import viCommon from '../locales/vi/common.json';
import viAuth from '../locales/vi/auth.json';
import viShell from '../locales/vi/shell.json';
import viUsers from '../locales/vi/users.json';
import viTenants from '../locales/vi/tenants.json';
import viAudit from '../locales/vi/audit.json';
import viAccess from '../locales/vi/access.json';
import viErrors from '../locales/vi/errors.json';
import viGateway from '../locales/vi/gateway.json';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enShell from '../locales/en/shell.json';
import enUsers from '../locales/en/users.json';
import enTenants from '../locales/en/tenants.json';
import enAudit from '../locales/en/audit.json';
import enAccess from '../locales/en/access.json';
import enErrors from '../locales/en/errors.json';
import enGateway from '../locales/en/gateway.json';
import { STORAGE_PREFIX } from './session';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const resources = {
  vi: { common: viCommon, auth: viAuth, shell: viShell, users: viUsers, tenants: viTenants, audit: viAudit, access: viAccess, errors: viErrors, gateway: viGateway },
  en: { common: enCommon, auth: enAuth, shell: enShell, users: enUsers, tenants: enTenants, audit: enAudit, access: enAccess, errors: enErrors, gateway: enGateway },
} as const;

/** Narrows i18next's resolved language to one we ship (vi when unknown). */
export function toLanguage(value: string | undefined): Language {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'vi';
}

function applyDayjsLocale(lng: string): void {
  dayjs.locale(toLanguage(lng));
  document.documentElement.lang = toLanguage(lng);
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'vi',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: Object.keys(resources.vi),
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: `${STORAGE_PREFIX}language`,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

applyDayjsLocale(i18n.resolvedLanguage ?? 'vi');
i18n.on('languageChanged', applyDayjsLocale);

export { i18n };
