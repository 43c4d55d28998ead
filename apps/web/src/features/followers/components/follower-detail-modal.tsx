import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Flex from 'antd/es/flex';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Divider from 'antd/es/divider';
import Typography from 'antd/es/typography';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import type { Follower, FollowerUpdateBody } from '@zc/shared/api/followers';
import { useCallState, useCities, useFollower, useStartCall, useUpdateFollower, type CallResult } from '../api/followers-api';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { ApiError } from '../../../lib/api-client';

const CONSENT_COLOUR: Record<string, string> = { accepted: 'green', pending: 'gold', rejected: 'red', expired: 'default', none: 'default' };

interface FormValues {
  userAlias?: string;
  userExternalId?: string;
  name?: string;
  phone?: string;
  address?: string;
  cityId?: number;
  districtId?: number;
  userDob?: string;
}

/** The follower detail modal (§2.9): Zalo's facts, shared-info editing with city and district pickers, call consent and call start. */
export function FollowerDetailModal({ tenantId, id, canUpdate, onClose }: { tenantId: string; id: string | null; canUpdate: boolean; onClose: () => void }) {
  const { t } = useTranslation('followers');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const follower = useFollower(tenantId, id);
  const cities = useCities(tenantId);
  const call = useCallState(tenantId, id, Boolean(id));
  const startCall = useStartCall(tenantId);
  const update = useUpdateFollower(tenantId);
  const [form] = Form.useForm<FormValues>();
  const cityId = Form.useWatch('cityId', form);
  const [callResult, setCallResult] = useState<CallResult | null>(null);
  const f: Follower | undefined = follower.data;

  useEffect(() => {
    setCallResult(null);
    if (!f) return;
    const s = f.sharedInfo ?? {};
    const city = cities.data?.find((c) => String(c.value) === s.city_id || c.name === s.city);
    const district = city?.districts.find((d) => String(d.value) === s.district_id || d.name === s.district);
    form.setFieldsValue({ userAlias: f.userAlias ?? '', userExternalId: f.userExternalId ?? '', name: s.name, phone: s.phone, address: s.address, cityId: city?.value, districtId: district?.value, userDob: s.user_dob });
  }, [f, cities.data, form]);

  const save = async (v: FormValues) => {
    if (!f) return;
    const sharedInfo: NonNullable<FollowerUpdateBody['sharedInfo']> = {};
    if (v.name) sharedInfo.name = v.name;
    if (v.phone) sharedInfo.phone = v.phone;
    if (v.address) sharedInfo.address = v.address;
    if (v.cityId !== undefined) sharedInfo.cityId = v.cityId;
    if (v.districtId !== undefined) sharedInfo.districtId = v.districtId;
    if (v.userDob) sharedInfo.userDob = v.userDob;
    const body: FollowerUpdateBody = { userAlias: v.userAlias ?? '', userExternalId: v.userExternalId ?? '', ...(Object.keys(sharedInfo).length ? { sharedInfo } : {}) };
    try {
      await update.mutateAsync({ id: f.id, body });
      void message.success(t('detail.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.fields?.length) {
        form.setFields(e.fields.map((x) => ({ name: x.path.replace(/^sharedInfo\./, '') as keyof FormValues, errors: [errorText(e)] })));
      }
      void message.error(errorText(e));
    }
  };

  const onCall = async () => {
    if (!f) return;
    try {
      const r = await startCall.mutateAsync({ id: f.id, callType: 'audio' });
      setCallResult(r);
      void call.refetch();
      void message.success(t(r.action === 'call' ? 'call.started' : 'call.requested'));
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const consent = call.data?.status ?? f?.callConsent ?? 'none';
  const city = cities.data?.find((c) => c.value === cityId);

  return (
    <Modal open={Boolean(id)} onCancel={onClose} footer={null} title={t('detail.title')} width={720} destroyOnHidden>
      {f ? (
        <>
          <Flex gap={12} align="center" wrap>
            <Avatar size={56} src={f.avatar ?? undefined}>
              {f.displayName.slice(0, 1)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {f.displayName}
              </Typography.Title>
              <Typography.Text type="secondary">{f.zaloOA.name}</Typography.Text>
            </div>
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('columns.userId')}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {f.userId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.status')}>{f.userIsFollower ? t('status.following') : t('status.notFollowing')}</Descriptions.Item>
            <Descriptions.Item label={t('columns.lastInteraction')}>{f.userLastInteractionDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.createdAt')}>{formatDateTime(f.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.tags')}>
              {f.tagsAndNotesInfo.tagNames.length ? f.tagsAndNotesInfo.tagNames.map((x) => <Tag key={x}>{x}</Tag>) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Divider titlePlacement="start">{t('call.title')}</Divider>
          <Flex gap={8} align="center" wrap>
            <Tag color={CONSENT_COLOUR[consent] ?? 'default'} data-testid="call-consent">
              {t(`call.status.${consent}`, { defaultValue: consent })}
            </Tag>
            {call.data?.expiresAt ? <Typography.Text type="secondary">{t('call.until', { date: formatDateTime(call.data.expiresAt) })}</Typography.Text> : null}
            {call.isError ? <Typography.Text type="danger">{errorText(call.error)}</Typography.Text> : null}
            {canUpdate ? (
              <Button icon={<PhoneOutlined />} onClick={() => void onCall()} loading={startCall.isPending} disabled={!f.sharedInfo?.phone}>
                {call.data?.consent ? t('call.start') : t('call.request')}
              </Button>
            ) : null}
          </Flex>
          {!f.sharedInfo?.phone ? <Typography.Paragraph type="secondary">{t('call.noPhone')}</Typography.Paragraph> : null}
          {callResult?.action === 'call' && callResult.callLink ? (
            <Flex gap={12} align="center" wrap style={{ marginTop: 8 }}>
              {callResult.qrCode ? <img src={callResult.qrCode} alt={t('call.qr')} width={96} height={96} style={{ background: '#fafafa' }} /> : null}
              <Typography.Link href={callResult.callLink} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                {t('call.open')}
              </Typography.Link>
            </Flex>
          ) : null}
          <Divider titlePlacement="start">{t('detail.sharedInfo')}</Divider>
          <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={!canUpdate}>
            <Flex gap={12} wrap>
              <Form.Item name="userAlias" label={t('fields.userAlias')} style={{ flex: '1 1 240px' }} rules={[{ max: 100 }]}>
                <Input />
              </Form.Item>
              <Form.Item name="userExternalId" label={t('fields.userExternalId')} style={{ flex: '1 1 240px' }} rules={[{ max: 100 }]}>
                <Input />
              </Form.Item>
              <Form.Item name="name" label={t('fields.name')} style={{ flex: '1 1 240px' }} rules={[{ max: 100 }]}>
                <Input />
              </Form.Item>
              <Form.Item name="phone" label={t('fields.phone')} style={{ flex: '1 1 240px' }} rules={[{ pattern: /^\+?\d{9,15}$/, message: t('fields.phoneRule') }]}>
                <Input inputMode="tel" />
              </Form.Item>
              <Form.Item name="address" label={t('fields.address')} style={{ flex: '1 1 100%' }} rules={[{ max: 200 }]}>
                <Input />
              </Form.Item>
              <Form.Item name="cityId" label={t('fields.city')} style={{ flex: '1 1 240px' }}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(cities.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
                  onChange={() => form.setFieldValue('districtId', undefined)}
                  data-testid="city-picker"
                />
              </Form.Item>
              <Form.Item name="districtId" label={t('fields.district')} style={{ flex: '1 1 240px' }}>
                <Select allowClear disabled={!city} options={(city?.districts ?? []).map((d) => ({ value: d.value, label: d.name }))} data-testid="district-picker" />
              </Form.Item>
              <Form.Item name="userDob" label={t('fields.userDob')} style={{ flex: '1 1 240px' }} rules={[{ pattern: /^\d{2}\/\d{2}\/\d{4}$/, message: t('fields.dobRule') }]}>
                <Input placeholder="dd/MM/yyyy" />
              </Form.Item>
            </Flex>
            {canUpdate ? (
              <Flex justify="end" gap={8}>
                <Button onClick={onClose}>{t('common.close')}</Button>
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t('detail.save')}
                </Button>
              </Flex>
            ) : null}
          </Form>
        </>
      ) : follower.isError ? (
        <Typography.Text type="danger">{errorText(follower.error)}</Typography.Text>
      ) : null}
    </Modal>
  );
}
