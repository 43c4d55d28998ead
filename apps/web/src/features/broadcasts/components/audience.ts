import type { TFunction } from 'i18next';
import type { Broadcast, BroadcastCity } from '@zc/shared/api/broadcasts';

export const AGE_LABELS = ['0–12', '13–17', '18–24', '25–34', '35–44', '45–54', '55–64', '65+'] as const;

/** The audience of one broadcast (its last mapping, §3) in words. */
export function audienceText(b: Broadcast, t: TFunction, cities: readonly BroadcastCity[] | undefined) {
  const target = b.oABroadcastMapping[b.oABroadcastMapping.length - 1]?.recipient.target;
  const ages = target?.ages ? target.ages.split(',').map(Number) : [];
  const cityCodes = target?.cities ? target.cities.split(',').map(Number) : [];
  const regions = target?.locations ? target.locations.split(',').map(Number) : [];
  return {
    ages: ages.length === 0 || ages.length === 8 ? t('audience.all') : ages.map((a) => AGE_LABELS[a] ?? String(a)).join(', '),
    gender: t(`audience.gender.${target?.gender ?? '0'}`),
    location:
      cityCodes.length > 0
        ? cityCodes.map((c) => cities?.find((x) => x.value === c)?.name ?? String(c)).join(', ')
        : regions.length > 0
          ? regions.map((r) => t(`audience.region.${r}`)).join(', ')
          : t('audience.all'),
  };
}
