import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import App from 'antd/es/app';
import Skeleton from 'antd/es/skeleton';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { BranchSetting } from '@zc/shared/api/zma-loyalty';
import { PageHeader } from '../../../components/page-header';
import { PermissionAlert } from '../../../components/permission-alert';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useAssignGames, useBranch, useBranchSetting, useDrawOptions, useSaveBranchSetting } from '../api/loyalty';
import { useZmaCan } from '../api/scope';
import { BranchDialog } from './branch-dialog';
import { BranchStock } from './branch-stock';
import { OpeningHours } from './opening-hours';
import { RedeemPanel } from './redeem-panel';

/** `/tenant/mini-app/:id/branch/:branchId`: the branch, redeem at this branch, its games, gift stock and settings. */
export function BranchDetail({ branchId, backHref }: { branchId: string; backHref: string }) {
  const { t } = useTranslation('zma-loyalty');
  const errorText = useErrorText();
  const { can } = useZmaCan();
  const branch = useBranch(branchId);
  const [editing, setEditing] = useState(false);

  if (branch.isLoading) return <Skeleton active />;
  if (branch.isError || !branch.data) {
    const notFound = branch.error instanceof ApiError && branch.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? t('branch.notFound') : errorText(branch.error)}
        extra={
          <Link to={backHref}>
            <Button>{t('branch.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  const b = branch.data;
  return (
    <>
      <PageHeader
        title={
          <Space size={8} wrap>
            <Link to={backHref} aria-label={t('branch.backToList')}>
              <ArrowLeftOutlined />
            </Link>
            <span data-testid="branch-title">{b.name}</span>
            <Tag color={b.type === 'MINIAPP' ? 'purple' : 'cyan'}>{t(`branchType.${b.type}`)}</Tag>
          </Space>
        }
        extra={
          can('UPDATE_ZMA_BRANCH') ? (
            <Button onClick={() => setEditing(true)} data-testid="branch-edit">
              {t('common:edit')}
            </Button>
          ) : null
        }
      />
      <Flex vertical gap={16}>
        <RedeemPanel branchId={b.id} canRedeem={can('UPDATE_ZMA_BRANCH')} />
        <Card title={t('branch.info')}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'address', label: t('branch.fields.address'), children: b.address || '—' },
              { key: 'phone', label: t('branch.fields.phone'), children: b.phone || '—' },
              { key: 'status', label: t('branch.fields.status'), children: <Tag color={b.status === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${b.status}`)}</Tag> },
              { key: 'staff', label: t('branch.fields.staff'), children: b.staff.length ? b.staff.map((s) => <Tag key={s.userId}>{s.displayName}</Tag>) : '—' },
              { key: 'hours', label: t('branch.fields.openingHours'), children: <OpeningHours entries={b.openingHours} /> },
            ]}
          />
        </Card>
        <BranchGames branchId={b.id} current={b.games} />
        {can('VIEW_ZMA_BRANCH_GIFT') ? <BranchStock branchId={b.id} canEdit={can('UPDATE_ZMA_BRANCH_GIFT')} canPickGifts={can('VIEW_ZMA_GIFT')} /> : <PermissionAlert what={t('stock.what')} />}
        {can('VIEW_ZMA_BRANCH_SETTING') ? <BranchSettings branchId={b.id} canEdit={can('UPDATE_ZMA_BRANCH_SETTING')} /> : null}
      </Flex>
      <BranchDialog open={editing} branch={b} canPickStaff={can('VIEW_ZMA_USER')} onClose={() => setEditing(false)} />
    </>
  );
}

/** assign-game: the lucky draws this branch offers. */
function BranchGames({ branchId, current }: { branchId: string; current: { id: string; name: string }[] }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = useZmaCan();
  const editable = can('UPDATE_ZMA_BRANCH') && can('VIEW_ZMA_GAME');
  const draws = useDrawOptions(editable);
  const assign = useAssignGames(branchId);
  // The user's choice until it is saved; the branch's games otherwise.
  const [draft, setDraft] = useState<string[] | null>(null);
  const picked = draft ?? current.map((g) => g.id);
  const dirty = draft !== null && picked.slice().sort().join(',') !== current.map((g) => g.id).sort().join(',');

  const save = async () => {
    try {
      await assign.mutateAsync(picked);
      setDraft(null);
      void message.success(t('games.saved'));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Card title={t('games.title')} data-testid="branch-games">
      {editable ? (
        <Flex gap={8} wrap>
          <Select
            mode="multiple"
            allowClear
            style={{ flex: 1, minWidth: 200, maxWidth: '100%' }}
            aria-label={t('games.title')}
            placeholder={t('games.placeholder')}
            loading={draws.isLoading}
            value={picked}
            optionFilterProp="label"
            options={[...(draws.data ?? []).map((d) => ({ value: d.id, label: d.name })), ...current.filter((g) => !(draws.data ?? []).some((d) => d.id === g.id)).map((g) => ({ value: g.id, label: g.name }))]}
            onChange={(v: string[]) => setDraft(v)}
            notFoundContent={draws.isError ? errorText(draws.error) : t('games.none')}
            data-testid="branch-games-select"
          />
          <Button type="primary" disabled={!dirty} loading={assign.isPending} onClick={() => void save()} data-testid="branch-games-save">
            {t('common:save')}
          </Button>
        </Flex>
      ) : current.length ? (
        current.map((g) => <Tag key={g.id}>{g.name}</Tag>)
      ) : (
        <Typography.Text type="secondary">{t('games.none')}</Typography.Text>
      )}
    </Card>
  );
}

/** Branch settings (VIEW/UPDATE_ZMA_BRANCH_SETTING). */
function BranchSettings({ branchId, canEdit }: { branchId: string; canEdit: boolean }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const setting = useBranchSetting(branchId, true);
  const save = useSaveBranchSetting(branchId);
  const [draft, setDraft] = useState<BranchSetting | null>(null);
  const value = draft ?? setting.data;

  const submit = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync(draft);
      setDraft(null);
      void message.success(t('settings.saved'));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Card title={t('settings.title')} loading={setting.isLoading} data-testid="branch-settings">
      {setting.isError ? (
        <Typography.Text type="danger">{errorText(setting.error)}</Typography.Text>
      ) : value ? (
        <Flex vertical gap={12}>
          {(['requireStaff'] as const).map((k) => (
            <Flex key={k} gap={12} align="center">
              <Switch id={`branch-setting-${k}`} checked={value[k]} disabled={!canEdit} onChange={(on) => setDraft({ ...value, [k]: on })} />
              <label htmlFor={`branch-setting-${k}`}>{t(`settings.${k}`)}</label>
            </Flex>
          ))}
          {canEdit ? (
            <div>
              <Button type="primary" disabled={!draft} loading={save.isPending} onClick={() => void submit()}>
                {t('common:save')}
              </Button>
            </div>
          ) : null}
        </Flex>
      ) : null}
    </Card>
  );
}
