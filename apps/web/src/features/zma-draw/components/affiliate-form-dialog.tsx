import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import type { AffiliateCampaign, AffiliateCampaignBody } from '@zc/shared/api/zma-draw';
import { ZMA_STATUSES, type ZmaStatus } from '@zc/shared/api/zma';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { fieldIssueText } from '../../../lib/form-errors';
import { useDrawScope } from '../use-draw-scope';
import { useGiftOptions, useSaveAffiliateCampaign } from '../api/zma-draw';
import { fieldPath } from './labels';

interface FormValues {
  name: string;
  status: ZmaStatus;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  rewardTurns: number;
  rewardGiftItemId: string | null;
  newCustomerTurns: number;
  maxRewardsPerReferrer: number;
}

const KNOWN = ['name', 'status', 'startsAt', 'endsAt', 'rewardTurns', 'rewardGiftItemId', 'newCustomerTurns', 'maxRewardsPerReferrer'];

/** Create or edit one affiliate campaign (what a referrer earns, what the new customer gets, the limit per referrer). */
export function AffiliateFormDialog({ open, campaign, onClose }: { open: boolean; campaign: AffiliateCampaign | null; onClose: () => void }) {
  const { t } = useTranslation('zma-draw');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { zmaAppId } = useDrawScope();
  const gifts = useGiftOptions(zmaAppId);
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAffiliateCampaign();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      campaign
        ? {
            name: campaign.name,
            status: campaign.status,
            startsAt: campaign.startsAt ? dayjs(campaign.startsAt) : null,
            endsAt: campaign.endsAt ? dayjs(campaign.endsAt) : null,
            rewardTurns: campaign.rewardTurns,
            rewardGiftItemId: campaign.rewardGiftItemId,
            newCustomerTurns: campaign.newCustomerTurns,
            maxRewardsPerReferrer: campaign.maxRewardsPerReferrer,
          }
        : { name: '', status: 'ACTIVE', startsAt: null, endsAt: null, rewardTurns: 1, rewardGiftItemId: null, newCustomerTurns: 1, maxRewardsPerReferrer: 10 },
    );
  }, [open, campaign, form]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = async (v: FormValues) => {
    setFailure(null);
    const body: AffiliateCampaignBody = {
      name: v.name.trim(),
      status: v.status,
      startsAt: v.startsAt ? v.startsAt.toISOString() : null,
      endsAt: v.endsAt ? v.endsAt.toISOString() : null,
      rewardTurns: v.rewardTurns,
      rewardGiftItemId: v.rewardGiftItemId ?? null,
      newCustomerTurns: v.newCustomerTurns,
      maxRewardsPerReferrer: v.maxRewardsPerReferrer,
    };
    try {
      await save.mutateAsync({ id: campaign?.id ?? null, body });
      void message.success(campaign ? t('messages.affiliateUpdated') : t('messages.affiliateCreated'));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const fields = error.fields.map((f) => ({ name: [fieldPath(f.path)], errors: [fieldIssueText(f)] })).filter((f) => KNOWN.includes(f.name[0] ?? ''));
        if (fields.length > 0) {
          (form as FormInstance).setFields(fields);
          return;
        }
      }
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={campaign ? t('affiliate.editTitle') : t('affiliate.createTitle')}
      onCancel={close}
      destroyOnHidden
      width={620}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="affiliate-submit">
          {campaign ? t('common:save') : t('affiliate.create')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} data-testid="affiliate-form">
        <Form.Item name="name" label={t('affiliate.fields.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}>
          <Input maxLength={120} data-testid="affiliate-name" />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Radio.Group optionType="button" options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="startsAt" label={t('fields.startsAt')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="endsAt"
              label={t('fields.endsAt')}
              dependencies={['startsAt']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) => {
                    const s = getFieldValue('startsAt') as Dayjs | null;
                    return !v || !s || v.isAfter(s) ? Promise.resolve() : Promise.reject(new Error(t('form.endAfterStart')));
                  },
                }),
              ]}
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="rewardTurns" label={t('affiliate.fields.rewardTurns')} extra={t('affiliate.rewardTurnsHelp')} rules={[{ required: true, message: t('form.required') }]}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} data-testid="affiliate-reward-turns" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="newCustomerTurns" label={t('affiliate.fields.newCustomerTurns')} extra={t('affiliate.newCustomerTurnsHelp')} rules={[{ required: true, message: t('form.required') }]}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} data-testid="affiliate-new-turns" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="rewardGiftItemId" label={t('affiliate.fields.rewardGift')} extra={t('affiliate.rewardGiftHelp')}>
          <Select
            allowClear
            loading={gifts.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('affiliate.noGift')}
            options={(['ITEM', 'VOUCHER'] as const).map((type) => ({ label: t(`giftType.${type}`), options: (gifts.data ?? []).filter((g) => g.type === type).map((g) => ({ value: g.id, label: g.name })) }))}
          />
        </Form.Item>
        <Form.Item name="maxRewardsPerReferrer" label={t('affiliate.fields.maxRewards')} extra={t('affiliate.maxRewardsHelp')} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 200, maxWidth: '100%' }} data-testid="affiliate-max" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
