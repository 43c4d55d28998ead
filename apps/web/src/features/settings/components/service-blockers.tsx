import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ServiceBlocker } from '@zc/shared/api/settings';
import { canOpen } from '../../../lib/access';
import { usePermissions, useScope } from '../../../lib/scope-context';
import { blockerLink, groupBlockers, type TenantService } from '../lib/services';

/**
 * The 409 SERVICE_IN_USE answer shown in full: per kind, each item with its state and, where the
 * caller may open it, a link to the page where it is finished or cancelled.
 */
export function ServiceBlockersAlert({ service, items, onClose, tenantId: ofTenant }: { service: TenantService; items: readonly ServiceBlocker[]; onClose: () => void; /** The tenant, when the page is not in its scope (the organisation's tenants page). */ tenantId?: string }) {
  const { t } = useTranslation('settings');
  const scope = useScope();
  const { permissions } = usePermissions();
  const tenantId = ofTenant ?? scope.tenant?.id ?? '';
  const serviceName = t(`services.name.${service}`);
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      data-testid="service-blockers"
      style={{ marginBottom: 16 }}
      message={t('services.blocked.title', { service: serviceName })}
      description={
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('services.blocked.body')}</Typography.Paragraph>
          {groupBlockers(items).map((group) => (
            <div key={group.kind} style={{ marginBottom: 8 }} data-testid={`service-blockers-${group.kind}`}>
              <Typography.Text strong>
                {t(`services.kind.${group.kind}`)} ({group.items.length})
              </Typography.Text>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {group.items.map((b) => {
                  const link = blockerLink(b, tenantId);
                  const open = link && canOpen(link.page, permissions, scope.tenant);
                  return (
                    <li key={`${b.kind}-${b.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {open ? <Link to={link.href}>{b.name || b.id}</Link> : <span>{b.name || b.id}</span>}{' '}
                      <Tag>{t(`services.status.${b.status}`, { defaultValue: b.status })}</Tag>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
          {groupBlockers(items).some((g) => g.items.length >= 50) ? <Typography.Text type="secondary">{t('services.blocked.more')}</Typography.Text> : null}
        </div>
      }
    />
  );
}
