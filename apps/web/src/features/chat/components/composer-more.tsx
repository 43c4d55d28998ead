import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Dropdown from 'antd/es/dropdown';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import PlusCircleOutlined from '@ant-design/icons/PlusCircleOutlined';
import type { OaMessage } from '@zc/shared/api/messaging';
import { RICH_INITIAL as INITIAL, RichFields, toRichMessage, type RichKind, type RichValues } from './composer-rich-form';

/**
 * "More" in the composer: request user info, transaction and promotion messages with the playground's
 * fields and §5 limits (composer-rich-form) and sent like any composer message.
 */
export function ComposerMore({ disabled, sending, onSend }: { disabled: boolean; sending: boolean; onSend: (m: OaMessage) => Promise<boolean> }) {
  const { t } = useTranslation('chat-composer');
  const [kind, setKind] = useState<RichKind | null>(null);
  const [form] = Form.useForm<RichValues>();

  const start = (k: RichKind) => {
    form.resetFields();
    form.setFieldsValue(INITIAL[k]);
    setKind(k);
  };

  const submit = async () => {
    if (!kind) return;
    let values: RichValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const message = toRichMessage(kind, { ...INITIAL[kind], ...values });
    if (await onSend(message)) setKind(null);
  };

  return (
    <>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: (['request', 'transaction', 'promotion'] as const).map((k) => ({ key: k, label: t(`more.${k}`) })),
          onClick: ({ key }) => start(key as RichKind),
        }}
      >
        <Button type="text" icon={<PlusCircleOutlined />} aria-label={t('more.title')} title={t('more.title')} disabled={disabled} data-testid="chat-more" />
      </Dropdown>
      <Modal
        open={kind !== null}
        title={kind ? t(`more.${kind}`) : ''}
        onCancel={() => setKind(null)}
        onOk={() => void submit()}
        okText={t('send')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: sending }}
        width={720}
        destroyOnHidden
      >
        {kind ? (
          <Form form={form} layout="vertical" preserve={false}>
            <RichFields kind={kind} form={form} />
          </Form>
        ) : null}
      </Modal>
    </>
  );
}
