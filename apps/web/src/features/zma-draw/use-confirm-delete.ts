import App from 'antd/es/app';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';

/** The texts of one kind of row's deletion (keys of the zma-draw namespace). */
export interface DeleteTexts {
  title: string;
  body: string;
  done: string;
}

/**
 * Deleting a draw, rule or affiliate campaign: a danger confirmation naming the row, then the
 * deletion, with a success or error message (one shape for the three pages).
 */
export function useConfirmDelete() {
  const { t } = useTranslation('zma-draw');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  return (texts: DeleteTexts, name: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t(texts.title),
      content: t(texts.body, { name }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        run().then(
          () => void message.success(t(texts.done)),
          (e: unknown) => void message.error(errorText(e)),
        ),
    });
}
