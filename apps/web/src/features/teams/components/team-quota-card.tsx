import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import type { TeamQuota } from '@zc/shared/api/teams';
import { useTeamQuota } from '../api/get-team-quota';
import { formatThousands } from '../../../lib/formatters';

function Share({ label, share, tenantUsed }: { label: string; share: TeamQuota['zns']; tenantUsed: number }) {
  const { t } = useTranslation('teams');
  const percent = share.limit ? Math.min(100, Math.round((share.used / share.limit) * 100)) : 0;
  return (
    <div style={{ flex: '1 1 200px', minWidth: 0 }}>
      <Typography.Text strong>{label}</Typography.Text>
      <div>
        {share.limit === null
          ? t('quota.usedUnlimited', { used: formatThousands(share.used) })
          : t('quota.usedOf', { used: formatThousands(share.used), limit: formatThousands(share.limit), remain: formatThousands(share.remain ?? 0) })}
      </div>
      {share.limit !== null ? <Progress percent={percent} size="small" status={share.remain === 0 ? 'exception' : 'normal'} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('quota.tenantUsed', { used: formatThousands(tenantUsed) })}
      </Typography.Text>
    </div>
  );
}

/** The team's daily quota today (Asia/Ho_Chi_Minh): per module used, cap and remain, with the tenant's total. */
export function TeamQuotaCard({ tenantId, teamId }: { tenantId: string; teamId: string }) {
  const { t } = useTranslation('teams');
  const quota = useTeamQuota(tenantId, teamId);
  return (
    <Card size="small" title={t('quota.title', { day: quota.data?.day ?? '' })} loading={quota.isLoading} data-testid="team-quota-card">
      {quota.data ? (
        <Flex gap={16} wrap>
          <Share label={t('quota.zns')} share={quota.data.zns} tenantUsed={quota.data.tenant.zns.used} />
          <Share label={t('quota.oa')} share={quota.data.oa} tenantUsed={quota.data.tenant.oa.used} />
        </Flex>
      ) : null}
    </Card>
  );
}
