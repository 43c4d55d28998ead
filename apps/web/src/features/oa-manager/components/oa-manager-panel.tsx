import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { OA_DESCRIPTION_MAX, OA_NAME_MAX, type OaUpdateRequest, type OaUpdateRequestStatus } from '@zc/shared/api/oa-manager';
import { formatDateTime, formatThousands } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';
import { applyFieldErrors } from '../../../lib/form-errors';
import { usePermissions } from '../../../lib/scope-context';
import { useCancelOaUpdate, useLiveOaUpdateRequests, useOaQuota, useOaUpdateRequests, useOaZaloInfo, useRequestOaUpdate, useSyncOaQuota } from '../api/oa-manager';

const STATUS_COLOR: Record<OaUpdateRequestStatus, string> = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red', CANCELLED: 'default' };

/** The OA settings page's quota and update-request cards for one OA (§7 Official accounts, ADR 0014). */
export function OaManagerPanel({ tenantId, zaloOAId }: { tenantId: string; zaloOAId: string }) {
  return (
    <Flex vertical gap={16}>
      <QuotaCard tenantId={tenantId} zaloOAId={zaloOAId} />
      <RequestsCard tenantId={tenantId} zaloOAId={zaloOAId} />
    </Flex>
  );
}

function QuotaCard({ tenantId, zaloOAId }: { tenantId: string; zaloOAId: string }) {
  const { t } = useTranslation('oa-analytics');
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const quota = useOaQuota(tenantId, zaloOAId);
  const sync = useSyncOaQuota(tenantId);
  const q = quota.data;
  const onSync = () =>
    sync.mutate(zaloOAId, {
      onSuccess: (r) => {
        if (r.failed.length) for (const f of r.failed) void message.error(t('manager.syncFailed', { name: q?.name ?? '', message: f.message }));
        else void message.success(t('manager.syncDone'));
      },
      onError: (e) => void message.error(errorText(e)),
    });
  return (
    <Card
      title={t('manager.quotaTitle')}
      extra={
        can(['UPDATE_ZALO_OA', 'UPDATE_ZALO_OA_INFO']) ? (
          <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={onSync} data-testid="oa-quota-sync">
            {t('manager.sync')}
          </Button>
        ) : null
      }
      data-testid="oa-quota"
    >
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {q?.syncedAt ? t('manager.syncedAt', { date: formatDateTime(q.syncedAt) }) : t('manager.neverSynced')}
      </Typography.Text>
      {quota.isError ? (
        <Alert type="error" showIcon title={errorText(quota.error)} />
      ) : (
        <Table
          rowKey={(r) => `${r.productType}|${r.quotaType}|${r.assetId}`}
          size="small"
          loading={quota.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={q?.assets ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manager.noQuota')} /> }}
          columns={[
            { key: 'productType', dataIndex: 'productType', title: t('manager.quota.productType') },
            { key: 'quotaType', dataIndex: 'quotaType', title: t('manager.quota.quotaType') },
            { key: 'remain', dataIndex: 'remain', title: t('manager.quota.remain'), align: 'right', render: (v: number) => formatThousands(v) },
            { key: 'total', dataIndex: 'total', title: t('manager.quota.total'), align: 'right', render: (v: number) => formatThousands(v) },
            { key: 'validThrough', dataIndex: 'validThrough', title: t('manager.quota.validThrough'), render: (v: string | null) => v ?? '—' },
          ]}
        />
      )}
    </Card>
  );
}

function RequestsCard({ tenantId, zaloOAId }: { tenantId: string; zaloOAId: string }) {
  const { t } = useTranslation('oa-analytics');
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const info = useOaZaloInfo(tenantId, zaloOAId);
  const list = useOaUpdateRequests(tenantId, zaloOAId, page);
  const cancel = useCancelOaUpdate(tenantId);
  useLiveOaUpdateRequests(tenantId);
  const z = info.data;

  const changes = (r: OaUpdateRequest) =>
    (['name', 'description', 'avatar', 'cover'] as const)
      .filter((k) => r[k])
      .map((k) =>
        k === 'avatar' || k === 'cover' ? (
          <Space key={k} size={6}>
            <Typography.Text type="secondary">{t(`manager.changes.${k}`)}:</Typography.Text>
            <Avatar shape={k === 'cover' ? 'square' : 'circle'} size={28} src={r[k] ?? undefined} />
          </Space>
        ) : (
          <div key={k} style={{ overflowWrap: 'anywhere' }}>
            <Typography.Text type="secondary">{t(`manager.changes.${k}`)}: </Typography.Text>
            {r[k]}
          </div>
        ),
      );

  return (
    <Card
      title={t('manager.title')}
      extra={
        can('UPDATE_ZALO_OA_INFO') ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="oa-request-update">
            {t('manager.request')}
          </Button>
        ) : null
      }
      data-testid="oa-requests"
    >
      {z ? (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Avatar size={40} src={z.avatar ?? undefined} />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{z.name}</Typography.Text> {z.isVerified ? <Tag color="blue">{t('manager.verified')}</Tag> : null}
            <div>
              <Typography.Text type="secondary">
                {t('manager.zaloInfo')} · {z.numFollower !== null ? t('manager.followers', { count: z.numFollower, formatted: formatThousands(z.numFollower) }) : ''}
                {z.packageName ? ` · ${t('manager.package')}: ${z.packageName}` : ''}
              </Typography.Text>
            </div>
          </div>
        </Flex>
      ) : null}
      <Alert type="info" showIcon title={t('manager.requestHint')} style={{ marginBottom: 12 }} />
      <Typography.Title level={5}>{t('manager.requests')}</Typography.Title>
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error)} />
      ) : (
        <List<OaUpdateRequest>
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manager.noRequests')} /> }}
          pagination={(list.data?.meta.total ?? 0) > 10 ? { current: page, pageSize: 10, total: list.data?.meta.total ?? 0, onChange: setPage, size: 'small' } : false}
          renderItem={(r) => (
            <List.Item
              data-testid="oa-request-row"
              actions={
                r.abilities.cancel
                  ? [
                      <Popconfirm
                        key="cancel"
                        title={t('manager.cancelConfirm')}
                        onConfirm={() =>
                          cancel.mutateAsync(r.id).then(
                            () => void message.success(t('manager.cancelled')),
                            (e: unknown) => void message.error(errorText(e)),
                          )
                        }
                      >
                        <Button size="small" danger>
                          {t('manager.cancel')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space wrap size={8}>
                    <Tag color={STATUS_COLOR[r.status]}>{t(`manager.status.${r.status}`)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(r.createdAt)}
                      {r.createdBy ? ` · ${t('manager.createdBy', { name: r.createdBy.displayName })}` : ''}
                    </Typography.Text>
                  </Space>
                }
                description={<Flex vertical gap={4}>{changes(r)}</Flex>}
              />
            </List.Item>
          )}
        />
      )}
      <RequestDialog open={open} tenantId={tenantId} zaloOAId={zaloOAId} onClose={() => setOpen(false)} />
    </Card>
  );
}

interface RequestForm {
  name?: string;
  description?: string;
}

function RequestDialog({ open, tenantId, zaloOAId, onClose }: { open: boolean; tenantId: string; zaloOAId: string; onClose: () => void }) {
  const { t } = useTranslation('oa-analytics');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<RequestForm>();
  const [avatar, setAvatar] = useState<UploadFile[]>([]);
  const [cover, setCover] = useState<UploadFile[]>([]);
  const [missing, setMissing] = useState(false);
  const create = useRequestOaUpdate(tenantId);
  const reset = () => {
    form.resetFields();
    setAvatar([]);
    setCover([]);
    setMissing(false);
  };
  const submit = async () => {
    const v = await form.validateFields();
    const avatarFile = avatar[0]?.originFileObj;
    const coverFile = cover[0]?.originFileObj;
    if (!v.name?.trim() && !v.description?.trim() && !avatarFile && !coverFile) {
      setMissing(true);
      return;
    }
    create.mutate(
      { zaloOAId, name: v.name?.trim() || undefined, description: v.description?.trim() || undefined, avatar: avatarFile, cover: coverFile },
      {
        onSuccess: () => {
          void message.success(t('manager.created'));
          reset();
          onClose();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, ['name', 'description'])) void message.error(errorText(e));
        },
      },
    );
  };
  const picker = (files: UploadFile[], set: (f: UploadFile[]) => void, testId: string) => (
    <Upload
      accept="image/png,image/jpeg"
      maxCount={1}
      listType="picture"
      fileList={files}
      beforeUpload={() => false}
      onChange={(i) => {
        set(i.fileList.slice(-1));
        setMissing(false);
      }}
      data-testid={testId}
    >
      <Button icon={<UploadOutlined />}>{t('manager.form.pick')}</Button>
    </Upload>
  );
  return (
    <Modal
      open={open}
      title={t('manager.request')}
      okText={t('manager.form.submit')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      width={520}
    >
      <Form<RequestForm> form={form} layout="vertical" onValuesChange={() => setMissing(false)}>
        <Form.Item name="name" label={t('manager.form.name')} rules={[{ max: OA_NAME_MAX }]}>
          <Input maxLength={OA_NAME_MAX} showCount data-testid="oa-request-name" />
        </Form.Item>
        <Form.Item name="description" label={t('manager.form.description')} rules={[{ max: OA_DESCRIPTION_MAX }]}>
          <Input.TextArea maxLength={OA_DESCRIPTION_MAX} showCount rows={3} />
        </Form.Item>
        <Form.Item label={t('manager.form.avatar')} extra={t('manager.form.imageRule')}>
          {picker(avatar, setAvatar, 'oa-request-avatar')}
        </Form.Item>
        <Form.Item label={t('manager.form.cover')} extra={t('manager.form.imageRule')}>
          {picker(cover, setCover, 'oa-request-cover')}
        </Form.Item>
        {missing ? <Alert type="warning" showIcon title={t('manager.form.atLeastOne')} /> : null}
      </Form>
    </Modal>
  );
}
