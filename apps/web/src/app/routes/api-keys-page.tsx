import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import App from 'antd/es/app';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import Tooltip from 'antd/es/tooltip';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ApiKey } from '@zc/shared/api/api-keys';
import { useApiKeys } from '../../features/api-keys/api/get-api-keys';
import { useApiKeyAction, type ApiKeyAction } from '../../features/api-keys/api/api-key-action';
import { useDeleteApiKey } from '../../features/api-keys/api/delete-api-key';
import { CreateApiKeyDialog } from '../../features/api-keys/components/create-api-key-dialog';
import { TeamSelect, teamChoiceRequired } from '../../features/teams/components/team-select';
import { useTeams } from '../../features/teams/api/get-teams';
import { teamDisplayName } from '../../features/teams/components/team-name';
import { useOaList } from '../../lib/oa-list';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { OtpDialog } from '../../components/otp-dialog';
import { PageHeader } from '../../components/page-header';
import { SecretOnce } from '../../components/secret-once';
import { formatDateTime } from '../../lib/formatters';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

type PendingAction = { key: ApiKey; action: ApiKeyAction | 'DELETE' };

/** /tenant/api-keys (§7 API keys): list with OA and status filters, create, OTP-confirmed actions. */
export function ApiKeysPage() {
  const { can } = usePermissions();
  if (!can('VIEW_API_KEYS')) return <ErrorResult status={403} />;
  return <ApiKeysView />;
}

function ApiKeysView() {
  const { t } = useTranslation('api-keys');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [oaIds, setOaIds] = useState<string[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  // §2.2/§5: teams exist only in a multi-team tenant; the list is scoped by team there.
  const multiTeam = Boolean(scope.tenant?.isMultiTeam) && can('VIEW_TEAM');
  const teams = useTeams(tenantId, multiTeam);
  const teamName = (id: string | null) => {
    const team = id ? teams.data?.data.find((x) => x.id === id) : undefined;
    return team ? teamDisplayName(team, (k) => t(`teams:${k}`)) : '—';
  };
  const [status, setStatus] = useState<'ACTIVE' | 'INACTIVE' | undefined>();
  const [orderBy, setOrderBy] = useState('createdAt=desc');
  const [createOpen, setCreateOpen] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [rotatedSecret, setRotatedSecret] = useState<string | null>(null);
  const oas = useOaList(tenantId);
  const keys = useApiKeys(tenantId, { orderBy, status, zaloOAIds: oaIds.length ? oaIds.join(',') : undefined, teamIds: teamIds.length ? teamIds.join(',') : undefined });
  const action = useApiKeyAction();
  const remove = useDeleteApiKey();
  const noOa = oas.isSuccess && oas.data.length === 0;

  const onOtp = async (otp: string) => {
    if (!pending) return;
    if (pending.action === 'DELETE') {
      await remove.mutateAsync({ id: pending.key.id, otp });
      void message.success(t('apiKeys.deleted'));
    } else {
      const result = await action.mutateAsync({ id: pending.key.id, type: pending.action, otp });
      void message.success(t(`apiKeys.done${pending.action}`));
      if (result.secret) setRotatedSecret(result.secret);
    }
    setPending(null);
  };

  const columns: TableProps<ApiKey>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('apiKeys.fields.name'), sorter: true, render: (v: string) => <strong>{v}</strong> },
    { key: 'keyPrefix', title: t('apiKeys.fields.key'), render: (_, k) => <Typography.Text code>{`${k.keyPrefix}…`}</Typography.Text> },
    { key: 'oa', title: t('apiKeys.fields.oa'), render: (_, k) => k.zaloOA?.name ?? '—' },
    ...(multiTeam ? [{ key: 'team', title: t('apiKeys.fields.team'), render: (_: unknown, k: ApiKey) => teamName(k.teamId) }] : []),
    {
      key: 'status',
      title: t('apiKeys.fields.status'),
      render: (_, k) => <Tag color={k.status === 'ACTIVE' ? 'green' : 'default'}>{t(`apiKeys.status.${k.status}`)}</Tag>,
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('apiKeys.fields.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (v: string) => formatDateTime(v) },
    { key: 'lastUsedAt', dataIndex: 'lastUsedAt', title: t('apiKeys.fields.lastUsedAt'), sorter: true, render: (v: string | null) => (v ? formatDateTime(v) : t('apiKeys.never')) },
    {
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      render: (_, k) => (
        <Space size={4} wrap={false}>
          {k.abilities.toggle ? (
            <Button size="small" data-testid={`api-key-toggle-${k.id}`} onClick={() => setPending({ key: k, action: k.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' })}>
              {k.status === 'ACTIVE' ? t('apiKeys.deactivate') : t('apiKeys.activate')}
            </Button>
          ) : null}
          {k.abilities.rotate ? (
            <Popconfirm title={t('apiKeys.rotateTitle')} description={t('apiKeys.rotateText')} okText={t('common:confirm')} cancelText={t('common:cancel')} onConfirm={() => setPending({ key: k, action: 'ROTATE' })}>
              <Button size="small">{t('apiKeys.rotate')}</Button>
            </Popconfirm>
          ) : null}
          {k.abilities.delete ? (
            <Popconfirm
              title={t('apiKeys.deleteTitle')}
              description={t('apiKeys.deleteText', { name: k.name })}
              okText={t('common:confirm')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => setPending({ key: k, action: 'DELETE' })}
            >
              <Button size="small" danger>
                {t('apiKeys.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  // §8: API key list failures show a toast.
  const keysError = keys.query.error;
  useEffect(() => {
    if (keysError) void message.error({ content: errorText(keysError), key: 'api-keys-error' });
  }, [keysError, message, errorText]);

  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        extra={
          can('CREATE_API_KEYS') ? (
            // A key belongs to an OA: without one the button stays disabled and says why.
            <Tooltip title={noOa ? t('apiKeys.needsOa') : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setCreateOpen(true)}
                disabled={!oas.isSuccess || noOa}
                data-testid="api-key-create"
              >
                {t('apiKeys.create')}
              </Button>
            </Tooltip>
          ) : null
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('apiKeys.fields.oa')}
            placeholder={t('apiKeys.filterOa')}
            style={{ minWidth: 240 }}
            value={oaIds}
            options={(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            onChange={(v: string[]) => setOaIds(v)}
          />
          <Select
            allowClear
            aria-label={t('apiKeys.fields.status')}
            placeholder={t('apiKeys.filterStatus')}
            style={{ width: 200 }}
            value={status}
            options={(['ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`apiKeys.status.${s}`) }))}
            onChange={(v: 'ACTIVE' | 'INACTIVE' | undefined) => setStatus(v)}
          />
          {multiTeam ? (
            <TeamSelect
              tenantId={tenantId}
              enabled={multiTeam}
              multiple
              allowClear
              placeholder={t('teams:select.filter')}
              style={{ minWidth: 220 }}
              value={teamIds}
              onChange={(v) => setTeamIds(Array.isArray(v) ? v : v ? [v] : [])}
              data-testid="api-keys-team-filter"
            />
          ) : null}
        </Flex>
        <DataTable<ApiKey>
          rowKey="id"
          data-testid="api-keys-table"
          columns={columns}
          dataSource={keys.rows}
          loading={keys.query.isFetching}
          locale={{ emptyText: t('apiKeys.empty') }}
          paging={keys.paging}
          onChange={(_p, _f, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.columnKey;
            if (one?.order && (field === 'createdAt' || field === 'name' || field === 'lastUsedAt')) setOrderBy(`${field}=${one.order === 'ascend' ? 'asc' : 'desc'}`);
            else setOrderBy('createdAt=desc');
          }}
        />
      </Card>
      <CreateApiKeyDialog
        open={createOpen}
        oas={oas.data ?? []}
        team={
          multiTeam && (teams.data?.data.length ?? 0) > 0
            ? { required: teamChoiceRequired(teams.data?.data), select: <TeamSelect tenantId={tenantId} enabled={multiTeam} allowClear={!teamChoiceRequired(teams.data?.data)} data-testid="api-key-team" /> }
            : null
        }
        onClose={() => setCreateOpen(false)}
      />
      <OtpDialog
        open={pending !== null}
        title={pending ? t(`apiKeys.otpTitle.${pending.action}`) : ''}
        description={pending ? <Typography.Text strong>{pending.key.name}</Typography.Text> : null}
        onSubmit={onOtp}
        onCancel={() => setPending(null)}
      />
      <Modal
        open={rotatedSecret !== null}
        title={t('apiKeys.rotated')}
        onCancel={() => setRotatedSecret(null)}
        footer={
          <Button type="primary" onClick={() => setRotatedSecret(null)}>
            {t('apiKeys.done')}
          </Button>
        }
      >
        {rotatedSecret ? <SecretOnce secret={rotatedSecret} testId="api-key-rotated-secret" /> : null}
      </Modal>
    </>
  );
}
