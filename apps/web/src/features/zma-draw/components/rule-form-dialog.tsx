import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { Draw, Rule, RuleBody } from '@zc/shared/api/zma-draw';
import { ZMA_CONDITION_TYPES, ZMA_FREQUENCIES, ZMA_GENDERS, ZMA_STATUSES, ZMA_WEEKDAYS, type ZmaConditionType, type ZmaFrequency, type ZmaGender, type ZmaStatus } from '@zc/shared/api/zma';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { fieldIssueText } from '../../../lib/form-errors';
import { useSaveRule } from '../api/zma-draw';
import { fieldPath } from './labels';

const ALL_DRAWS = '__all__';

interface FormValues {
  name: string;
  drawId: string;
  conditionType: ZmaConditionType;
  frequency: ZmaFrequency;
  weekdays: number[];
  gender: ZmaGender;
  value: number;
  status: ZmaStatus;
}

/** Weekdays shown Monday first (the Vietnamese week), values as §3 (0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Create or edit one play rule (draw or all draws, condition with its explanation, frequency, weekdays, gender, value). */
export function RuleFormDialog({ open, rule, draws, onClose }: { open: boolean; rule: Rule | null; draws: readonly Draw[]; onClose: () => void }) {
  const { t } = useTranslation('zma-draw');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveRule();
  const [failure, setFailure] = useState<string | null>(null);
  const conditionType = Form.useWatch('conditionType', form) ?? 'GAME_TURN';
  const frequency = Form.useWatch('frequency', form) ?? 'DAILY';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { name: rule.name, drawId: rule.drawId ?? ALL_DRAWS, conditionType: rule.conditionType, frequency: rule.frequency, weekdays: rule.weekdays, gender: rule.gender, value: rule.value, status: rule.status }
        : { name: '', drawId: ALL_DRAWS, conditionType: 'GAME_TURN', frequency: 'DAILY', weekdays: [], gender: 'none', value: 1, status: 'ACTIVE' },
    );
  }, [open, rule, form]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const onFinish = async (v: FormValues) => {
    setFailure(null);
    const body: RuleBody = { name: v.name.trim(), drawId: v.drawId === ALL_DRAWS ? null : v.drawId, conditionType: v.conditionType, frequency: v.frequency, weekdays: [...v.weekdays].sort(), gender: v.gender, value: v.value, status: v.status };
    try {
      await save.mutateAsync({ id: rule?.id ?? null, body });
      void message.success(rule ? t('messages.ruleUpdated') : t('messages.ruleCreated'));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const known = ['name', 'drawId', 'conditionType', 'frequency', 'weekdays', 'gender', 'value', 'status'];
        const fields = error.fields.map((f) => ({ name: [fieldPath(f.path).split('.')[0] ?? ''], errors: [fieldIssueText(f)] })).filter((f) => known.includes(f.name[0] ?? ''));
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
      title={rule ? t('rules.editTitle') : t('rules.createTitle')}
      onCancel={close}
      destroyOnHidden
      width={620}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="rule-submit">
          {rule ? t('common:save') : t('rules.create')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="rule-failure" /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} data-testid="rule-form">
        <Form.Item name="name" label={t('rules.fields.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}>
          <Input maxLength={120} data-testid="rule-name" />
        </Form.Item>
        <Form.Item name="drawId" label={t('rules.fields.draw')} rules={[{ required: true }]}>
          <Select data-testid="rule-draw" options={[{ value: ALL_DRAWS, label: t('rules.allDraws') }, ...draws.map((d) => ({ value: d.id, label: d.name }))]} />
        </Form.Item>
        <Form.Item name="conditionType" label={t('rules.fields.conditionType')} rules={[{ required: true }]}>
          <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="rule-condition">
            {ZMA_CONDITION_TYPES.map((c) => (
              <Radio key={c} value={c} data-testid={`rule-condition-${c}`}>
                <Typography.Text strong>{t(`condition.${c}.label`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t(`condition.${c}.help`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="value" label={t(`condition.${conditionType}.value`, { period: t(`frequency.${frequency}`) })} rules={[{ required: true, message: t('form.required') }]}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200, maxWidth: '100%' }} data-testid="rule-value" />
        </Form.Item>
        {conditionType !== 'GIFT_USAGE' ? (
          <Form.Item name="frequency" label={t('rules.fields.frequency')}>
            <Radio.Group optionType="button" options={ZMA_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))} data-testid="rule-frequency" />
          </Form.Item>
        ) : null}
        <Form.Item name="weekdays" label={t('rules.fields.weekdays')} extra={t('rules.weekdaysHelp')}>
          <Checkbox.Group data-testid="rule-weekdays" options={WEEK_ORDER.filter((d) => ZMA_WEEKDAYS.includes(d)).map((d) => ({ value: d, label: t(`weekday.${d}`) }))} />
        </Form.Item>
        <Form.Item name="gender" label={t('rules.fields.gender')}>
          <Radio.Group optionType="button" options={ZMA_GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} data-testid="rule-gender" />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Radio.Group optionType="button" options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
