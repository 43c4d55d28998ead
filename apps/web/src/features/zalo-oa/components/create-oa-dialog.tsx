import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Alert from 'antd/es/alert';
import Result from 'antd/es/result';
import { useCreateOa, type CreateOaInput } from '../api/create-oa';
import { applyFieldErrors } from '../../../lib/form-errors';
import { writeSession } from '../../../lib/session';
import { useErrorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/api-client';
import type { ZaloOaDetail } from '../api/get-oa';

/** §9: after creating an OA the settings page opens after 2 seconds. */
export const OA_REDIRECT_MS = 2000;

/** §3 create form: the seven required fields, in order. */
export const OA_FIELDS = ['name', 'zappId', 'zoaId', 'zoaSecretKey', 'zoaWebhookSecretKey', 'zoaAccessToken', 'zoaRefreshToken'] as const;
type OaField = (typeof OA_FIELDS)[number];
const SECRET_FIELDS: readonly OaField[] = ['zoaSecretKey', 'zoaWebhookSecretKey', 'zoaAccessToken', 'zoaRefreshToken'];
/** createOaBody limits. */
const MAX: Record<OaField, number> = { name: 150, zappId: 64, zoaId: 64, zoaSecretKey: 2000, zoaWebhookSecretKey: 2000, zoaAccessToken: 2000, zoaRefreshToken: 2000 };

/**
 * §2.9 create-OA dialog. Server errors (e.g. Zalo's explanation of a refused token) appear inside
 * the dialog; field errors land on their fields. After creation the OA list refreshes, the new OA
 * becomes current and /tenant/zalo-oa/setting opens after 2 s.
 */
export function CreateOaDialog({
  open,
  tenantId,
  onClose,
  onBusy,
  closable = true,
}: {
  open: boolean;
  tenantId: string;
  onClose: () => void;
  /** True from submit until the dialog closes after a success (the §4 gate must keep it mounted). */
  onBusy?: (busy: boolean) => void;
  closable?: boolean;
}) {
  const { t } = useTranslation('zalo-oa');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [form] = Form.useForm<CreateOaInput>();
  const create = useCreateOa();
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const [created, setCreated] = useState<ZaloOaDetail | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);

  const close = () => {
    form.resetFields();
    setFailure(null);
    setCreated(null);
    onClose();
  };

  const onFinish = async (values: CreateOaInput) => {
    setFailure(null);
    onBusy?.(true);
    try {
      const oa = await create.mutateAsync(values);
      writeSession({ oaId: oa.id });
      setCreated(oa);
      timer.current = window.setTimeout(() => {
        setCreated(null);
        form.resetFields();
        onBusy?.(false);
        onClose();
        void navigate(`/tenant/zalo-oa/setting?tenantId=${tenantId}`);
      }, OA_REDIRECT_MS);
    } catch (error) {
      onBusy?.(false);
      const onFields = applyFieldErrors(form, error, OA_FIELDS);
      // Zalo's explanation (or any message without a field) stays visible inside the dialog.
      if (!onFields) {
        const title = errorText(error);
        const detail = error instanceof ApiError && error.message !== title ? error.message : undefined;
        setFailure({ title, detail });
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t('oa.createTitle')}
      onCancel={closable ? close : undefined}
      closable={closable && !created}
      maskClosable={false}
      keyboard={closable}
      destroyOnHidden
      okText={t('oa.createSubmit')}
      cancelText={t('common:cancel')}
      cancelButtonProps={{ style: closable ? undefined : { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'oa-create-submit', disabled: created !== null }}
      footer={created ? null : undefined}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      width={560}
      data-testid="create-oa-dialog"
    >
      {created ? (
        <Result status="success" title={t('oa.created', { name: created.name })} subTitle={t('oa.redirecting')} data-testid="oa-created" />
      ) : (
        <>
          {failure ? <Alert type="error" showIcon title={failure.title} description={failure.detail} style={{ marginBottom: 16 }} data-testid="oa-create-error" /> : null}
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark>
            {OA_FIELDS.map((field, index) => {
              const isSecret = SECRET_FIELDS.includes(field);
              const Control = isSecret ? Input.Password : Input;
              return (
                <Form.Item
                  key={field}
                  name={field}
                  label={t(`oa.fields.${field}`)}
                  extra={field === 'zappId' || field === 'zoaId' ? t('oa.numericHint') : undefined}
                  rules={[
                    { required: true, whitespace: true, message: t('oa.required', { field: t(`oa.fields.${field}`) }) },
                    { max: MAX[field], message: t('components:validation.max', { count: MAX[field] }) },
                    ...(field === 'zappId' || field === 'zoaId' ? [{ pattern: /^\s*\d+\s*$/, message: t('oa.numeric') }] : []),
                  ]}
                >
                  <Control autoFocus={index === 0} autoComplete="off" maxLength={MAX[field]} data-testid={`oa-${field}`} />
                </Form.Item>
              );
            })}
          </Form>
        </>
      )}
    </Modal>
  );
}
