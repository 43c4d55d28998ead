import i18n, { type BackendModule, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import viCommon from '../locales/vi/common.json';
import viAuth from '../locales/vi/auth.json';
import viErrors from '../locales/vi/errors.json';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enErrors from '../locales/en/errors.json';
import { STORAGE_PREFIX } from './session';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Namespaces bundled with the entry: what the public pages (login, register, forgot password,
 * error pages) need. Every other namespace file under locales/<lng>/ needs no registration: it is
 * loaded on demand (lazyNamespaces below), all at once by loadAppResources() before a signed-in
 * page renders. A namespace added here is bundled too, at the cost of the login route's first
 * load (scripts/check-bundle.mjs).
 */
export const resources = {
  vi: { common: viCommon, auth: viAuth, errors: viErrors },
  en: { common: enCommon, auth: enAuth, errors: enErrors },
} as const;

const namespaceFiles = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/auth.json', '!../locales/*/errors.json'], {
  import: 'default',
});
const LAZY_NAMESPACES = [...new Set(Object.keys(namespaceFiles).map((file) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length)))];

/** i18next backend for the namespaces not in `resources`: one chunk per language and namespace. */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    const load = namespaceFiles[`../locales/${lng}/${ns}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Remembered choice (localStorage), else the browser's languages; the choice is remembered. */
const LANGUAGE_KEY = `${STORAGE_PREFIX}language`;
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    try {
      const stored = localStorage.getItem(LANGUAGE_KEY);
      if (stored) return stored;
    } catch {
      // storage blocked: use the browser's languages
    }
    return [...navigator.languages];
  },
  cacheUserLanguage: (lng) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  },
};

/** Narrows i18next's resolved language to one we ship (vi when unknown). */
export function toLanguage(value: string | undefined): Language {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'vi';
}

// dayjs formats dates on signed-in pages only: it and its vi locale arrive with loadAppResources().
let setDayjsLocale: ((lng: Language) => void) | null = null;

function applyDayjsLocale(lng: string): void {
  setDayjsLocale?.(toLanguage(lng));
  document.documentElement.lang = toLanguage(lng);
}

void i18n
  .use(languageDetector)
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    fallbackLng: 'vi',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: Object.keys(resources.vi),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

applyDayjsLocale(i18n.resolvedLanguage ?? 'vi');
i18n.on('languageChanged', applyDayjsLocale);

let appResources: Promise<void> | null = null;

/**
 * What signed-in pages need beyond the public ones: every lazy namespace (current language and
 * its fallback; a later language switch loads them for the new language before it applies) and
 * the dayjs locale. Awaited before the first render of a signed-in page (main.tsx) and before
 * leaving login/register; the public pages also prefetch it once idle.
 */
export function loadAppResources(): Promise<void> {
  appResources ??= Promise.all([
    i18n.loadNamespaces(LAZY_NAMESPACES),
    Promise.all([import('dayjs'), import('dayjs/locale/vi')]).then(([{ default: dayjs }]) => {
      setDayjsLocale = (lng) => void dayjs.locale(lng);
      setDayjsLocale(toLanguage(i18n.resolvedLanguage));
    }),
  ]).then(
    () => undefined,
    (error: unknown) => {
      appResources = null; // let the next call retry (e.g. after a network failure)
      throw error;
    },
  );
  return appResources;
}

export { i18n };
