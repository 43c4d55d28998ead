import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Upload from 'antd/es/upload';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { GIFT_IMPORT_COLUMNS, GIFT_IMPORT_MAX_ROWS, GIFT_IMPORT_ROW_CODES, type GiftImportRejection, type GiftImportResult } from '@zc/shared/api/zma-loyalty';
import { DataTable } from '../../../components/data-table';
import { useErrorText } from '../../../lib/error-text';
import { fieldIssueText } from '../../../lib/form-errors';
import { formatThousands } from '../../../lib/formatters';
import { useImportGifts } from '../api/loyalty';

const ROW_CODES: ReadonlySet<string> = new Set(GIFT_IMPORT_ROW_CODES);

/** A rejected row in the current language: row-level codes here, field codes as on the forms, else the server's text. */
function useRejectionText(): (r: GiftImportRejection) => string {
  const { t, i18n } = useTranslation('zma-loyalty');
  return (r) => {
    if (r.path !== null) return fieldIssueText({ code: r.code, message: r.reason });
    if (ROW_CODES.has(r.code)) return t(`import.codes.${r.code}`, { max: formatThousands(GIFT_IMPORT_MAX_ROWS) });
    return i18n.exists(`errors:${r.code}`) ? t(`errors:${r.code}`) : r.reason;
  };
}

/** CSV import of gifts and vouchers: the columns expected, then how many were created and each rejected row with its reason. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('zma-loyalty');
  const errorText = useErrorText();
  const rejectionText = useRejectionText();
  const run = useImportGifts();
  const [result, setResult] = useState<GiftImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setResult(null);
    setFailure(null);
    onClose();
  };

  const onFile = async (file: File) => {
    setFailure(null);
    setResult(null);
    if (!/\.csv$/i.test(file.name)) {
      setFailure(t('import.csvOnly'));
      return;
    }
    try {
      setResult(await run.mutateAsync(file));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={close}
      destroyOnHidden
      data-testid="import-dialog"
      footer={
        <Button type="primary" onClick={close}>
          {t('import.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
          {GIFT_IMPORT_COLUMNS.join(',')}
        </Typography.Text>
      </Typography.Paragraph>
      <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} disabled={run.isPending} beforeUpload={(file) => (void onFile(file), false)} data-testid="import-file">
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{run.isPending ? t('import.running') : t('import.drop')}</p>
      </Upload.Dragger>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} /> : null}
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="import-result">
          <Alert type={result.rejected.length ? 'warning' : 'success'} showIcon title={t('import.result', { created: result.created, rejected: result.rejected.length })} />
          {result.rejected.length ? (
            <DataTable
              rowKey="row"
              style={{ marginTop: 12 }}
              dataSource={result.rejected}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 64 },
                { key: 'path', dataIndex: 'path', title: t('import.column'), render: (path: string | null) => path ?? '—' },
                { key: 'reason', title: t('import.reason'), render: (_: unknown, r: GiftImportRejection) => <span data-code={r.code}>{rejectionText(r)}</span> },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
