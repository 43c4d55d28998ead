import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import type { CampaignDetail } from '@zc/shared/api/campaign-dispatch';
import { useErrorText } from '../../../lib/error-text';
import { formatMoney } from '../../../lib/formatters';
import { useCampaignAction } from '../api/campaign-detail';

/** Cancel (with confirmation; the released amount is shown after), pause and resume, as the campaign's abilities allow. */
export function DetailActions({ tenantId, campaign }: { tenantId: string; campaign: CampaignDetail }) {
  const { t } = useTranslation('campaign-detail');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const action = useCampaignAction(tenantId, campaign.id);
  const run = (a: 'cancel' | 'pause' | 'resume') =>
    action.mutateAsync(a).then(
      (r) => {
        if (a === 'cancel') modal.success({ title: t('cancelled.title'), content: t('cancelled.released', { amount: formatMoney(r.released ?? 0) }) });
        else void message.success(t(`done.${a}`));
      },
      (e: unknown) => void message.error(errorText(e)),
    );
  const { abilities } = campaign;
  if (!abilities.cancel && !abilities.pause && !abilities.resume) return null;
  return (
    <Flex gap={8} wrap>
      {abilities.pause ? (
        <Button onClick={() => void run('pause')} loading={action.isPending && action.variables === 'pause'} data-testid="campaign-pause">
          {t('actions.pause')}
        </Button>
      ) : null}
      {abilities.resume ? (
        <Button type="primary" onClick={() => void run('resume')} loading={action.isPending && action.variables === 'resume'} data-testid="campaign-resume">
          {t('actions.resume')}
        </Button>
      ) : null}
      {abilities.cancel ? (
        <Popconfirm title={t('confirmCancel.title')} description={t('confirmCancel.body')} okText={t('confirmCancel.ok')} cancelText={t('confirmCancel.no')} okButtonProps={{ danger: true, ...({ 'data-testid': 'campaign-cancel-ok' } as Record<string, string>) }} onConfirm={() => run('cancel')}>
          <Button danger loading={action.isPending && action.variables === 'cancel'} data-testid="campaign-cancel">
            {t('actions.cancel')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
