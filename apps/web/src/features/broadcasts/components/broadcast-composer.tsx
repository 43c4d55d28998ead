import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { BROADCAST_MAX_CONTENTS, BROADCAST_MIN_LEAD_MINUTES, BROADCAST_NAME_MAX, type Broadcast, type BroadcastPayload } from '@zc/shared/api/broadcasts';
import { useErrorText } from '../../../lib/error-text';
import { useOaList } from '../../../lib/oa-list';
import { PAGES, tenantHref } from '../../../lib/paths';
import { useScope } from '../../../lib/scope-context';
import { useCreateBroadcasts, useUpdateBroadcast } from '../api/broadcasts';
import { useTeamOptions } from '../../../lib/team-options';
import Select from 'antd/es/select';
import { AudienceModal, DEFAULT_AUDIENCE, targetOf, type Audience } from './audience-modal';
import { ContentPicker, OaPopover, type PickedContent } from './content-picker';

/** §5 date helper: past days are invalid; on today, the next 30 minutes cannot be chosen. */
export function disabledDate(d: Dayjs): boolean {
  return d.isBefore(dayjs(), 'day');
}
export function disabledTime(d: Dayjs | null) {
  const min = dayjs().add(BROADCAST_MIN_LEAD_MINUTES, 'minute');
  if (!d || !d.isSame(min, 'day')) return {};
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return {
    disabledHours: () => range(min.hour()),
    disabledMinutes: (h: number) => (h === min.hour() ? range(min.minute() + 1) : []),
  };
}

function audienceOf(b: Broadcast): Audience {
  const target = b.oABroadcastMapping[b.oABroadcastMapping.length - 1]?.recipient.target;
  const list = (s: string | undefined) => (s ? s.split(',').filter(Boolean).map(Number) : []);
  const cities = list(target?.cities);
  const locations = list(target?.locations);
  return { ages: list(target?.ages), gender: Number(target?.gender ?? 0), region: cities.length ? 'cities' : locations.length ? 'regions' : 'all', cities, locations };
}

/** §2.5 + §2.6: the content picker and the creation panel (selected N/5, schedule, audience, name, save as hidden / continue). */
export function BroadcastComposer({ tenantId, existing }: { tenantId: string; existing?: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const scope = useScope();
  const oas = useOaList(tenantId);
  const multiTeamTenant = Boolean(scope.tenant?.isMultiTeam);
  const teams = useTeamOptions(tenantId, multiTeamTenant);
  const [chosenOas, setChosenOas] = useState<string[] | null>(existing ? existing.zaloOA.map((o) => o.id) : null);
  const oaIds = chosenOas ?? (oas.data ?? []).slice(0, 1).map((o) => o.id);
  const [type, setType] = useState<'post' | 'video'>('post');
  const [selected, setSelected] = useState<PickedContent[]>(existing ? existing.attachment.map((a) => ({ id: a.id, title: a.title, cover: a.cover, description: a.description })) : []);
  const [schedule, setSchedule] = useState<Dayjs | null>(existing ? dayjs(existing.scheduleTime) : null);
  const [audience, setAudience] = useState<Audience>(existing ? audienceOf(existing) : DEFAULT_AUDIENCE);
  const [audienceOpen, setAudienceOpen] = useState(false);
  const [name, setName] = useState(existing?.nameBroadcast ?? '');
  const [teamId, setTeamId] = useState<string | null>(existing?.teamId ?? null);
  const create = useCreateBroadcasts(tenantId);
  const update = useUpdateBroadcast(tenantId);
  const pending = create.isPending || update.isPending;
  // §5: a team must be chosen when the tenant has several.
  const multiTeam = multiTeamTenant && (teams.data?.length ?? 0) > 1;
  const ready = selected.length > 0 && schedule !== null && name.trim().length > 0 && oaIds.length > 0 && (!multiTeam || teamId !== null);

  const payloadFor = (zaloOA: string, status: 'DRAFT' | 'PENDING_REVIEW'): BroadcastPayload => ({
    recipient: { target: targetOf(audience) },
    message: { attachment: { type: 'template', payload: { template_type: 'media', elements: selected.map((s) => ({ media_type: 'article', attachment_id: s.id })) } } },
    nameBroadcast: name.trim(),
    status,
    teamId,
    scheduleTime: (schedule ?? dayjs()).toISOString(),
    zaloOA,
  });

  const save = (status: 'DRAFT' | 'PENDING_REVIEW') => {
    const done = () => {
      void message.success(t(status === 'DRAFT' ? 'messages.saved' : 'messages.submitted'));
      void navigate(tenantHref(PAGES.oaBroadcasts, tenantId));
    };
    const failed = (e: unknown) => void message.error(errorText(e));
    if (existing) update.mutate({ id: existing.id, payload: payloadFor(oaIds[0] ?? '', status) }, { onSuccess: done, onError: failed });
    else create.mutate(oaIds.map((oa) => payloadFor(oa, status)), { onSuccess: done, onError: failed });
  };

  const confirm = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.body', { count: oaIds.length }),
      okText: t('confirm.send'),
      cancelText: t('confirm.draft'),
      okButtonProps: { id: 'broadcast-confirm-send' },
      cancelButtonProps: { id: 'broadcast-confirm-draft' },
      closable: true,
      onOk: () => save('PENDING_REVIEW'),
      onCancel: (close: unknown) => {
        // The dialog's cancel is 'save the draft'; closing with × does nothing.
        if (typeof close === 'function') save('DRAFT');
      },
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title={t('picker.title')} extra={oas.data ? <OaPopover oas={oas.data} value={oaIds} onChange={setChosenOas} /> : null}>
          <ContentPicker tenantId={tenantId} oaIds={oaIds} type={type} onType={setType} selected={selected} onChange={setSelected} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('panel.title')}>
          <Flex vertical gap={16}>
            <Typography.Text strong data-testid="broadcast-selected-count">
              {t('panel.selected', { count: selected.length, max: BROADCAST_MAX_CONTENTS })}
            </Typography.Text>
            {selected.length > 0 ? (
              <List
                size="small"
                bordered
                dataSource={selected}
                renderItem={(s, i) => (
                  <List.Item key={s.id}>
                    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                      <Avatar shape="square" size={i === 0 ? 48 : 32} src={s.cover ?? undefined}>
                        {s.title.slice(0, 1)}
                      </Avatar>
                      <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                        {s.title}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">{t('panel.noneSelected')}</Typography.Text>
            )}
            <div>
              <Typography.Text>{t('fields.scheduleTime')}</Typography.Text>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm"
                style={{ width: '100%' }}
                value={schedule}
                onChange={setSchedule}
                disabledDate={disabledDate}
                disabledTime={disabledTime}
                placeholder={t('panel.schedulePlaceholder')}
                data-testid="broadcast-schedule"
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('panel.windowHint')}
              </Typography.Text>
            </div>
            <Button type="link" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={() => setAudienceOpen(true)} data-testid="broadcast-advanced">
              {t('panel.advanced')}
            </Button>
            {multiTeam ? (
              <Select placeholder={t('fields.team')} aria-label={t('fields.team')} value={teamId ?? undefined} onChange={(v: string) => setTeamId(v)} options={(teams.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
            ) : null}
            <div>
              <Typography.Text>{t('fields.name')}</Typography.Text>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={BROADCAST_NAME_MAX} showCount placeholder={t('panel.namePlaceholder')} data-testid="broadcast-name" />
            </div>
            <Flex gap={8} justify="flex-end" wrap>
              <Button disabled={!ready} loading={pending} onClick={() => save('DRAFT')} data-testid="broadcast-save-hidden">
                {t('panel.saveHidden')}
              </Button>
              <Button type="primary" disabled={!ready} loading={pending} onClick={confirm} data-testid="broadcast-continue">
                {t('panel.continue')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      </Col>
      <AudienceModal
        open={audienceOpen}
        tenantId={tenantId}
        value={audience}
        onCancel={() => setAudienceOpen(false)}
        onOk={(a) => {
          setAudience(a);
          setAudienceOpen(false);
        }}
      />
    </Row>
  );
}
