import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_DRAW_LOOK, type CreateDrawBody, type Draw } from '@zc/shared/api/zma-draw';
import { ZMA_STATUSES, type ZmaStatus } from '@zc/shared/api/zma';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { fieldIssueText } from '../../../lib/form-errors';
import { PAGES, zmaHref } from '../../../lib/paths';
import { useScope } from '../../../lib/scope-context';
import { useDrawScope } from '../use-draw-scope';
import { useGiftOptions, useSaveDraw } from '../api/zma-draw';
import { defaultPrizes, prizeIssues, type PrizeDraft } from '../logic/probability';
import { fieldPath } from './labels';
import { PrizeEditor } from './prize-editor';
import { WheelPreview } from './wheel-preview';

interface FormValues {
  name: string;
  description?: string;
  status: ZmaStatus;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
  primaryColor: string;
  secondaryColor: string;
  buttonText: string;
  backgroundUrl?: string;
}

const FORM_FIELDS = ['name', 'description', 'status', 'startsAt', 'endsAt'];
const LOOK_FIELDS = ['primaryColor', 'secondaryColor', 'buttonText', 'backgroundUrl'];

function ColorInput({ value, onChange, id, testId }: { value?: string; onChange?: (v: string) => void; id?: string; testId: string }) {
  return (
    <Flex gap={8} align="center">
      <input id={id} type="color" value={value ?? '#000000'} onChange={(e) => onChange?.(e.target.value.toUpperCase())} style={{ width: 44, height: 32, border: 'none', padding: 0, background: 'none', cursor: 'pointer' }} data-testid={testId} />
      <Input value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={7} style={{ width: 110 }} aria-labelledby={id ? `${id}_label` : undefined} />
    </Flex>
  );
}

/** Create (`draw` null) or update one lucky draw: details, schedule, status, prizes with the 100 % total, the wheel's look with its live preview. */
export function DrawForm({ draw }: { draw: Draw | null }) {
  const { t } = useTranslation('zma-draw');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const tenantId = useScope().tenant?.id ?? '';
  const { zmaAppId } = useDrawScope();
  const [form] = Form.useForm<FormValues>();
  const gifts = useGiftOptions(zmaAppId);
  const save = useSaveDraw();
  const [prizes, setPrizes] = useState<PrizeDraft[]>(() =>
    draw
      ? [...draw.prizes].sort((a, b) => a.position - b.position).map((p) => ({ giftItemId: p.giftItemId, label: p.label, probability: p.probability, stock: p.stock, color: p.color ?? '#1677FF', won: p.won, id: p.id }))
      : defaultPrizes(t('prizes.noPrize'), t('prizes.newLabel', { n: 1 })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const look = {
    primaryColor: Form.useWatch('primaryColor', form) ?? DEFAULT_DRAW_LOOK.primaryColor,
    secondaryColor: Form.useWatch('secondaryColor', form) ?? DEFAULT_DRAW_LOOK.secondaryColor,
    buttonText: Form.useWatch('buttonText', form) ?? DEFAULT_DRAW_LOOK.buttonText,
    backgroundUrl: Form.useWatch('backgroundUrl', form) || null,
  };
  const startsAt = Form.useWatch('startsAt', form);

  useEffect(() => {
    form.setFieldsValue(
      draw
        ? {
            name: draw.name,
            description: draw.description ?? '',
            status: draw.status,
            startsAt: draw.startsAt ? dayjs(draw.startsAt) : null,
            endsAt: draw.endsAt ? dayjs(draw.endsAt) : null,
            primaryColor: draw.look.primaryColor,
            secondaryColor: draw.look.secondaryColor,
            buttonText: draw.look.buttonText,
            backgroundUrl: draw.look.backgroundUrl ?? '',
          }
        : { name: '', description: '', status: 'ACTIVE', startsAt: null, endsAt: null, ...DEFAULT_DRAW_LOOK, buttonText: t('look.defaultButton'), backgroundUrl: '' },
    );
  }, [draw, form, t]);

  // The editor's own checks (the total first): shown once the user tried to save, live after that.
  const localIssues = prizeIssues(prizes);
  const localErrors: Record<string, string> = {};
  if (tried) for (const issue of localIssues) localErrors[issue.path] ??= t(`prizeIssue.${issue.code}`);
  const shownErrors = { ...localErrors, ...errors };

  const today = dayjs().startOf('day');
  const onFinish = async (values: FormValues) => {
    setTried(true);
    setFailure(null);
    setErrors({});
    if (localIssues.length > 0) {
      void message.error(t('prizeIssue.blocked'));
      return;
    }
    const body: CreateDrawBody = {
      name: values.name.trim(),
      description: values.description?.trim() ? values.description.trim() : null,
      status: values.status,
      startsAt: values.startsAt ? values.startsAt.toISOString() : null,
      endsAt: values.endsAt ? values.endsAt.toISOString() : null,
      look: { primaryColor: values.primaryColor, secondaryColor: values.secondaryColor, buttonText: values.buttonText.trim(), backgroundUrl: values.backgroundUrl?.trim() ? values.backgroundUrl.trim() : null },
      prizes: prizes.map((p) => ({ ...(p.id ? { id: p.id } : {}), giftItemId: p.giftItemId, label: p.label.trim(), probability: p.probability, stock: p.giftItemId === null ? null : p.stock, color: p.color })),
    };
    try {
      const saved = await save.mutateAsync({ id: draw?.id ?? null, body });
      void message.success(draw ? t('messages.updated') : t('messages.created'));
      void navigate(zmaHref(PAGES.zmaDraw, zmaAppId, tenantId, { luckyDrawId: saved.id }));
    } catch (error) {
      // The server names the field (body.prizes, body.prizes.N.stock, body.endsAt, body.look.primaryColor): show it there.
      if (error instanceof ApiError && error.fields.length > 0) {
        const onPrizes: Record<string, string> = {};
        const onForm: Array<{ name: string[]; errors: string[] }> = [];
        for (const f of error.fields) {
          const path = fieldPath(f.path);
          const text = fieldIssueText(f);
          if (path.startsWith('prizes')) onPrizes[path] = text;
          else if (path.startsWith('look.')) onForm.push({ name: [path.slice('look.'.length)], errors: [text] });
          else if (FORM_FIELDS.includes(path) || LOOK_FIELDS.includes(path)) onForm.push({ name: [path], errors: [text] });
        }
        setErrors(onPrizes);
        if (onForm.length > 0) (form as FormInstance).setFields(onForm);
        if (Object.keys(onPrizes).length > 0 || onForm.length > 0) {
          void message.error(errorText(error));
          return;
        }
      }
      setFailure(errorText(error));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} data-testid="draw-form" requiredMark>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="draw-failure" /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            <Card title={t('form.details')}>
              <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}>
                <Input maxLength={120} data-testid="draw-name" />
              </Form.Item>
              <Form.Item name="description" label={t('fields.description')} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} data-testid="draw-description" />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="startsAt" label={t('fields.startsAt')} extra={draw ? undefined : t('form.pastDisabled')}>
                    <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} disabledDate={draw ? undefined : (d) => d.isBefore(today)} data-testid="draw-starts" />
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
                    <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} disabledDate={(d) => (!draw && d.isBefore(today)) || Boolean(startsAt && d.isBefore(startsAt.startOf('day')))} data-testid="draw-ends" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="status" label={t('fields.status')} rules={[{ required: true }]}>
                <Select style={{ maxWidth: 240 }} options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="draw-status" />
              </Form.Item>
            </Card>
            <Card title={t('form.prizes')} extra={<span>{t('prizes.count', { count: prizes.length })}</span>}>
              <PrizeEditor
                value={prizes}
                onChange={(next) => {
                  setPrizes(next);
                  setErrors({});
                }}
                gifts={gifts.data ?? []}
                giftsLoading={gifts.isLoading}
                errors={shownErrors}
              />
              {gifts.isError ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('prizes.giftsFailed')} /> : null}
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={t('form.look')} style={{ position: 'sticky', top: 16 }}>
            <WheelPreview prizes={prizes} look={look} />
            <Row gutter={12} style={{ marginTop: 16 }}>
              <Col xs={24} sm={12}>
                <Form.Item name="primaryColor" label={t('look.primaryColor')} rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: t('look.colorFormat') }]}>
                  <ColorInput testId="look-primary" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="secondaryColor" label={t('look.secondaryColor')} rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: t('look.colorFormat') }]}>
                  <ColorInput testId="look-secondary" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="buttonText" label={t('look.buttonText')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 40 }]}>
              <Input maxLength={40} data-testid="look-button" />
            </Form.Item>
            <Form.Item name="backgroundUrl" label={t('look.backgroundUrl')} rules={[{ type: 'url', message: t('look.urlFormat') }]}>
              <Input maxLength={2000} placeholder="https://" data-testid="look-background" />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 16 }}>
        <Button onClick={() => void navigate(draw ? zmaHref(PAGES.zmaDraw, zmaAppId, tenantId, { luckyDrawId: draw.id }) : zmaHref(PAGES.zmaDraws, zmaAppId, tenantId))}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="draw-submit">
          {draw ? t('common:save') : t('form.create')}
        </Button>
      </Flex>
    </Form>
  );
}
