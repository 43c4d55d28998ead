import { explainZaloError } from '@zc/zalo/error-catalog';
import {
  DEFAULT_FALLBACK_TRIGGER_CODES,
  FALLBACK_TRIGGER_CODES,
  type FallbackMessageKind,
  type FallbackSettings,
  type FallbackTrigger,
  type FallbackView,
} from '@zc/shared/api/fallback';
import type { FallbackAbilities } from './policy';
import type { FallbackSettingsWithUser } from './repo';

/** The trigger catalogue, each code explained in vi and en from the Zalo error catalogue (ZNS host). */
export function fallbackTriggers(): FallbackTrigger[] {
  return FALLBACK_TRIGGER_CODES.map((code) => {
    const x = explainZaloError(code, 'zns');
    return { code, isDefault: DEFAULT_FALLBACK_TRIGGER_CODES.includes(code), zaloMessage: x.zaloMessage, vi: x.vi, en: x.en };
  });
}

/** Saved settings → API shape; no row → the defaults (disabled, the default triggers, text kind). */
export function presentFallbackSettings(row: FallbackSettingsWithUser | null): FallbackSettings {
  if (!row) return { enabled: false, triggerCodes: [...DEFAULT_FALLBACK_TRIGGER_CODES], messageKind: 'text', header: '', content: '', updatedAt: null, updatedBy: null };
  return {
    enabled: row.enabled,
    triggerCodes: row.triggerCodes,
    messageKind: row.messageKind as FallbackMessageKind, // written only from FALLBACK_MESSAGE_KINDS
    header: row.header,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByUser,
  };
}

export function presentFallbackView(row: FallbackSettingsWithUser | null, abilities: FallbackAbilities): FallbackView {
  return { settings: presentFallbackSettings(row), triggers: fallbackTriggers(), abilities };
}
