import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { NotificationPreference } from '@zc/shared/api/notifications';
import { useErrorText } from '../../../lib/error-text';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notifications';

/** Profile section: per notification kind, in-app and email switches (each change saves at once). */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const change = (p: NotificationPreference) =>
    update.mutate([p], {
      onSuccess: () => void message.success(t('preferences.saved')),
      onError: (err) => void message.error(errorText(err)),
    });
  return (
    <Card title={t('preferences.title')} data-testid="notification-preferences">
      <Table<NotificationPreference>
        rowKey="kind"
        size="small"
        pagination={false}
        loading={prefs.isPending}
        dataSource={prefs.data?.data ?? []}
        columns={[
          { key: 'kind', title: t('preferences.kind'), render: (_, p) => t(`kinds.${p.kind}.label`) },
          {
            key: 'inApp',
            title: t('preferences.inApp'),
            width: 90,
            align: 'center',
            render: (_, p) => <Switch size="small" checked={p.inApp} aria-label={`${t(`kinds.${p.kind}.label`)}: ${t('preferences.inApp')}`} data-testid={`pref-${p.kind}-inApp`} onChange={(inApp) => change({ ...p, inApp })} />,
          },
          {
            key: 'email',
            title: t('preferences.email'),
            width: 90,
            align: 'center',
            render: (_, p) => <Switch size="small" checked={p.email} aria-label={`${t(`kinds.${p.kind}.label`)}: ${t('preferences.email')}`} data-testid={`pref-${p.kind}-email`} onChange={(email) => change({ ...p, email })} />,
          },
        ]}
      />
    </Card>
  );
}
