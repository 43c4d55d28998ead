import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popover from 'antd/es/popover';
import Progress from 'antd/es/progress';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useQuotas } from '../api/get-quotas';
import { OaAvatars } from './oa-avatars';
import { useErrorText } from '../../../lib/error-text';

/** §2.7 'Show' quota popover: each OA's used/total content quota (used = articles + videos). */
export function QuotaPopover({ tenantId, zaloOAIds }: { tenantId: string; zaloOAIds: readonly string[] }) {
  const { t } = useTranslation('oa-content');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const quotas = useQuotas(tenantId, zaloOAIds, open);
  const content = quotas.isPending ? (
    <Spin size="small" />
  ) : quotas.isError ? (
    <Typography.Text type="danger">{errorText(quotas.error)}</Typography.Text>
  ) : quotas.data.length === 0 ? (
    <Typography.Text type="secondary">{t('quota.none')}</Typography.Text>
  ) : (
    <Flex vertical gap={10} style={{ width: 260, maxWidth: '80vw' }} data-testid="quota-list">
      {quotas.data.map((q) => (
        <div key={q.id}>
          <Flex gap={8} align="center" justify="space-between">
            <Flex gap={6} align="center" style={{ minWidth: 0 }}>
              <OaAvatars oas={[q]} size={20} />
              <Typography.Text ellipsis>{q.name}</Typography.Text>
            </Flex>
            <span>{t('quota.usedOf', { used: q.value.used, total: q.value.total })}</span>
          </Flex>
          <Progress percent={q.value.total > 0 ? Math.round((q.value.used / q.value.total) * 100) : 0} size="small" showInfo={false} status={q.value.remain <= 0 ? 'exception' : 'normal'} />
        </div>
      ))}
    </Flex>
  );
  return (
    <Popover title={t('quota.title')} content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button data-testid="quota-show">{t('quota.show')}</Button>
    </Popover>
  );
}
