import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import { SLA_TARGET_MAX_MINUTES, SLA_WARN_MAX_MINUTES, TICKET_PRIORITIES, type WEEKDAYS, type SlaSettings, type UpdateSlaBody } from '@zc/shared/api/tickets';
import { useUpdateSla } from '../api/update-sla';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

type Values = Pick<UpdateSlaBody, 'timezone' | 'warnBeforeMinutes' | 'targets'> & { days: number[]; start: string; end: string };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
// Monday first, as a working week reads.
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const satisfies ReadonlyArray<(typeof WEEKDAYS)[number]>;

function timeZones(current: string): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes(current) ? list : [current, ...list];
}

/** The SLA tab's form: time zone, business days and hours, warn-before minutes, targets per priority. */
export function SlaForm({ tenantId, settings }: { tenantId: string; settings: SlaSettings }) {
  const { t } = useTranslation('tickets');
  const [form] = Form.useForm<Values>();
  const save = useUpdateSla();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const readOnly = !settings.abilities.update;
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);
  useEffect(() => {
    form.setFieldsValue({ timezone: settings.timezone, warnBeforeMinutes: settings.warnBeforeMinutes, targets: settings.targets, days: settings.businessHours.days, start: settings.businessHours.start, end: settings.businessHours.end });
  }, [form, settings]);
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({ tenantId, body: { timezone: v.timezone, warnBeforeMinutes: v.warnBeforeMinutes, targets: v.targets, businessHours: { days: [...v.days].sort(), start: v.start, end: v.end } } });
      void message.success(t('sla.saved'));
    } catch (e) {
      if (!applyFieldErrors(form, e, ['timezone', 'warnBeforeMinutes'])) void message.error(errorText(e));
    }
  };
  const minutes = { min: 1, max: SLA_TARGET_MAX_MINUTES, precision: 0, style: { width: '100%' } } as const;
  return (
    <Form form={form} layout="vertical" disabled={readOnly} onFinish={(v) => void submit(v)} data-testid="sla-form" style={{ maxWidth: 720 }}>
      <Form.Item name="timezone" label={t('sla.timezone')} rules={[{ required: true }]}>
        <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} data-testid="sla-timezone" />
      </Form.Item>
      <Form.Item name="days" label={t('sla.days')} rules={[{ required: true, type: 'array', min: 1, message: t('sla.daysRequired') }]}>
        <Checkbox.Group options={DAY_ORDER.map((d) => ({ value: d, label: t(`sla.weekday.${d}`) }))} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="start" label={t('sla.start')} rules={[{ required: true, pattern: TIME, message: t('sla.timeFormat') }]} style={{ width: 140 }}>
          <Input placeholder="08:00" data-testid="sla-start" />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('sla.end')}
          dependencies={['start']}
          rules={[{ required: true, pattern: TIME, message: t('sla.timeFormat') }, ({ getFieldValue }) => ({ validator: (_, v: string) => (!v || v > String(getFieldValue('start')) ? Promise.resolve() : Promise.reject(new Error(t('sla.endAfterStart')))) })]}
          style={{ width: 140 }}
        >
          <Input placeholder="17:30" data-testid="sla-end" />
        </Form.Item>
        <Form.Item name="warnBeforeMinutes" label={t('sla.warnBefore')} rules={[{ required: true }]} style={{ width: 200 }}>
          <InputNumber min={0} max={SLA_WARN_MAX_MINUTES} precision={0} style={{ width: '100%' }} data-testid="sla-warn" />
        </Form.Item>
      </Flex>
      <Typography.Title level={5}>{t('sla.targets')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sla.targetsHint')}</Typography.Paragraph>
      {TICKET_PRIORITIES.map((p) => (
        <div key={p} data-testid={`sla-target-${p}`}>
          <Typography.Text strong>{t(`priority.${p}`)}</Typography.Text>
          <Flex gap={16} wrap style={{ marginTop: 8 }}>
            <Form.Item name={['targets', p, 'firstResponseMinutes']} label={t('sla.firstResponse')} rules={[{ required: true }]} style={{ width: 200 }}>
              <InputNumber {...minutes} data-testid={`sla-${p}-first`} />
            </Form.Item>
            <Form.Item name={['targets', p, 'resolutionMinutes']} label={t('sla.resolution')} rules={[{ required: true }]} style={{ width: 200 }}>
              <InputNumber {...minutes} data-testid={`sla-${p}-resolution`} />
            </Form.Item>
          </Flex>
        </div>
      ))}
      {readOnly ? null : (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sla-save">
          {t('common:save')}
        </Button>
      )}
    </Form>
  );
}
