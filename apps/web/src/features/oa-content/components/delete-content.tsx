import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useDeleteContent } from '../api/delete-content';

/** §8 message fragments of a refused deletion. */
const ZALO_FAILED = 'Approved OA content BE failed - BadRequestException: Approved OA content failed with Zalo - Body';
const APPROVED = 'OA Content was approved so cannot delete';

/**
 * Delete with confirmation (§6) and the §8 outcomes: an item whose publishing failed at Zalo shows
 * the generic post error dialog, an approved one 'OA Content was approved so cannot delete',
 * anything else the server's message as a toast; success 'action succeeded: delete'.
 */
export function useConfirmDeleteContent(tenantId: string) {
  const { t } = useTranslation('oa-content');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const remove = useDeleteContent();
  return (id: string, onDone?: () => void) => {
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.body'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'content-delete-confirm' } },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync({ tenantId, id }).then(
          () => {
            void message.success(t('delete.done'));
            onDone?.();
          },
          (error: unknown) => {
            const text = error instanceof ApiError ? error.message : '';
            if (text.includes(ZALO_FAILED)) modal.error({ title: t('delete.failedTitle'), content: t('delete.zaloFailed'), okText: t('common:confirm') });
            else if (text.includes(APPROVED) || (error instanceof ApiError && error.code === 'oa_content_approved')) modal.warning({ title: t('delete.failedTitle'), content: t('delete.approved'), okText: t('common:confirm') });
            else void message.error(errorText(error));
          },
        ),
    });
  };
}
