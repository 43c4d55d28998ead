import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { BROADCAST_AGES, BROADCAST_GENDERS, BROADCAST_LOCATIONS } from '@zc/shared/api/broadcasts';
import { useBroadcastCities } from '../api/broadcasts';
import { AGE_LABELS } from './audience';

/** §5 audience: ages 0–7, gender 0–2, region all / regions (0–2) / cities. */
export interface Audience {
  ages: number[];
  gender: number;
  region: 'all' | 'regions' | 'cities';
  locations: number[];
  cities: number[];
}
/** §5 defaults: all eight age groups, gender 0 (all), region all. */
export const DEFAULT_AUDIENCE: Audience = { ages: [...BROADCAST_AGES], gender: 0, region: 'all', locations: [], cities: [] };

/** The target as the create payload carries it (comma-joined). */
export function targetOf(a: Audience) {
  return {
    gender: String(a.gender),
    ages: [...a.ages].sort((x, y) => x - y).join(','),
    ...(a.region === 'regions' && a.locations.length > 0 ? { locations: a.locations.join(',') } : {}),
    ...(a.region === 'cities' && a.cities.length > 0 ? { cities: a.cities.join(',') } : {}),
  };
}

/** The 'advanced' modal ('Sender'): ages (8 checkboxes), gender (3 radios), region all / regions / cities. */
export function AudienceModal({ open, tenantId, value, onOk, onCancel }: { open: boolean; tenantId: string; value: Audience; onOk: (a: Audience) => void; onCancel: () => void }) {
  const { t } = useTranslation('broadcasts');
  const [draft, setDraft] = useState<Audience>(value);
  const [opened, setOpened] = useState(open);
  // A new opening starts from the current value (adjusting state during render).
  if (open !== opened) {
    setOpened(open);
    if (open) setDraft(value);
  }
  const cities = useBroadcastCities(tenantId, open);
  const invalid = draft.ages.length === 0 || (draft.region === 'regions' && draft.locations.length === 0) || (draft.region === 'cities' && draft.cities.length === 0);
  return (
    <Modal open={open} title={t('audience.title')} onCancel={onCancel} onOk={() => onOk(draft)} okButtonProps={{ disabled: invalid, ...{ 'data-testid': 'audience-ok' } }} okText={t('common:save')} cancelText={t('common:cancel')} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('audience.ages')} required validateStatus={draft.ages.length === 0 ? 'error' : undefined} help={draft.ages.length === 0 ? t('audience.agesRequired') : undefined}>
          <Checkbox.Group value={draft.ages} onChange={(v) => setDraft({ ...draft, ages: v })} data-testid="audience-ages" options={BROADCAST_AGES.map((a) => ({ value: a, label: AGE_LABELS[a] }))} />
        </Form.Item>
        <Form.Item label={t('audience.genderLabel')}>
          <Radio.Group value={draft.gender} onChange={(e) => setDraft({ ...draft, gender: Number(e.target.value) })} data-testid="audience-gender">
            {BROADCAST_GENDERS.map((g) => (
              <Radio key={g} value={g} data-testid={`audience-gender-${g}`}>
                {t(`audience.gender.${g}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('audience.location')}>
          <Radio.Group value={draft.region} onChange={(e) => setDraft({ ...draft, region: e.target.value as Audience['region'] })} data-testid="audience-region">
            <Radio value="all">{t('audience.all')}</Radio>
            <Radio value="regions">{t('audience.regions')}</Radio>
            <Radio value="cities" data-testid="audience-region-cities">
              {t('audience.cities')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {draft.region === 'regions' ? (
          <Form.Item>
            <Checkbox.Group value={draft.locations} onChange={(v) => setDraft({ ...draft, locations: v })} options={BROADCAST_LOCATIONS.map((l) => ({ value: l, label: t(`audience.region.${l}`) }))} />
          </Form.Item>
        ) : null}
        {draft.region === 'cities' ? (
          <Form.Item extra={t('audience.inferredNote')}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              loading={cities.isLoading}
              value={draft.cities}
              onChange={(v: number[]) => setDraft({ ...draft, cities: v })}
              placeholder={t('audience.citiesPlaceholder')}
              aria-label={t('audience.cities')}
              data-testid="audience-cities"
              options={(cities.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
