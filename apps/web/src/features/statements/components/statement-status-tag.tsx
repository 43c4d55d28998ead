import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import type { StatementStatus } from '@zc/shared/api/statements';
import { STATUS_COLORS } from './statement-rules';

/** GENERATED · ISSUED · PAID. */
export function StatementStatusTag({ status }: { status: StatementStatus }) {
  const { t } = useTranslation('statements');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="statement-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}
