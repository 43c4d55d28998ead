import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { MiniApp } from '@zc/shared/api/zma-apps';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { useOaList } from '../../../lib/oa-list';
import { useCreateMiniApp, useUpdateMiniApp } from '../api/apps';
import { LogoUpload } from './logo-upload';

interface Values {
  name: string;
  zaloAppId: string;
  appSecret?: string;
  zaloOaId?: string | null;
  logo?: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
}

const FIELDS = ['name', 'zaloAppId', 'appSecret', 'zaloOaId', 'logo', 'status'] as const;

/** Register a mini app (no `app`) or edit one: name, Zalo app id, secret (register only), OA, logo. */
export function AppFormDialog({ open, app, tenantId, onClose }: { open: boolean; app: MiniApp | null; tenantId: string; onClose: () => void }) {
  const { t } = useTranslation('mini-apps');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const create = useCreateMiniApp(tenantId);
  const update = useUpdateMiniApp(tenantId);
  const oas = useOaList(open ? tenantId : null);
  const editing = app !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (app) form.setFieldsValue({ name: app.name, zaloAppId: app.zaloAppId, zaloOaId: app.zaloOaId, logo: app.logo, status: app.status });
  }, [open, app, form]);

  const submit = async (values: Values) => {
    try {
      if (app) {
        await update.mutateAsync({ id: app.id, body: { name: values.name, zaloOaId: values.zaloOaId ?? null, logo: values.logo ?? null, status: values.status } });
        void message.success(t('home.updated'));
      } else {
        await create.mutateAsync({ name: values.name, zaloAppId: values.zaloAppId.trim(), appSecret: values.appSecret ?? '', zaloOaId: values.zaloOaId ?? null, logo: values.logo ?? null });
        void message.success(t('home.created'));
      }
      onClose();
    } catch (error) {
      if (applyFieldErrors(form, error, FIELDS)) return;
      if (error instanceof ApiError && error.code === 'ZMA_APP_ID_TAKEN') {
        form.setFields([{ name: 'zaloAppId', errors: [errorText(error)] }]);
        return;
      }
      void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.registerTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width="min(560px, calc(100vw - 24px))"
      okButtonProps={{ 'data-testid': 'zma-app-submit', disabled: false }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} data-testid="zma-app-form">
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 100 }]}>
          <Input placeholder={t('form.namePlaceholder')} maxLength={100} autoFocus data-testid="zma-app-name" />
        </Form.Item>
        <Form.Item
          name="zaloAppId"
          label={t('form.zaloAppId')}
          extra={editing ? undefined : t('form.zaloAppIdHelp')}
          rules={[{ required: true, message: t('form.required') }, { pattern: /^\s*\d{5,30}\s*$/, message: t('form.zaloAppIdInvalid') }]}
        >
          <Input inputMode="numeric" disabled={editing} maxLength={30} data-testid="zma-app-zalo-id" />
        </Form.Item>
        {editing ? null : (
          <Form.Item
            name="appSecret"
            label={t('form.appSecret')}
            extra={t('form.appSecretHelp')}
            rules={[{ required: true, message: t('form.required') }, { pattern: /^[\x21-\x7e]{8,200}$/, message: t('form.appSecretInvalid') }]}
          >
            <Input.Password autoComplete="new-password" maxLength={200} data-testid="zma-app-secret" />
          </Form.Item>
        )}
        <Form.Item name="zaloOaId" label={t('form.oa')}>
          <Select
            allowClear
            placeholder={t('form.oaPlaceholder')}
            loading={oas.isPending}
            options={(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            data-testid="zma-app-oa"
          />
        </Form.Item>
        {editing ? (
          <Form.Item name="status" label={t('form.status')}>
            <Select options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`home.status.${s}`) }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="logo" label={t('form.logo')}>
          <LogoUpload tenantId={tenantId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** §3 rotate the app secret: the new one replaces the old at once. */
export function RotateSecretDialog({ app, tenantId, onClose }: { app: MiniApp | null; tenantId: string; onClose: () => void }) {
  const { t } = useTranslation('mini-apps');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ appSecret: string }>();
  const update = useUpdateMiniApp(tenantId);
  return (
    <Modal
      open={app !== null}
      title={t('form.rotateTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={update.isPending}
      destroyOnHidden
      width="min(480px, calc(100vw - 24px))"
    >
      <p>{t('form.rotateText')}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => {
          if (!app) return;
          update.mutate(
            { id: app.id, body: { appSecret: v.appSecret } },
            {
              onSuccess: () => {
                void message.success(t('home.rotated'));
                onClose();
              },
              onError: (error) => {
                if (!applyFieldErrors(form, error, ['appSecret'])) void message.error(errorText(error));
              },
            },
          );
        }}
      >
        <Form.Item name="appSecret" label={t('form.newSecret')} rules={[{ required: true, message: t('form.required') }, { pattern: /^[\x21-\x7e]{8,200}$/, message: t('form.appSecretInvalid') }]}>
          <Input.Password autoComplete="new-password" maxLength={200} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
