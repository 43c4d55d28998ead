import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { ReportFormat } from '@zc/shared/api/reports';
import { useErrorText } from '../../../lib/error-text';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { downloadExport, reportsKey, startExport, useReportExport } from '../api/reports-api';

/**
 * CSV and XLSX export of the report on screen. A small export downloads at once; a large one is
 * written in the background: the page says so, and the download link appears when the server
 * announces the file (report_export.changed) — nothing polls.
 */
export function ExportButtons({ scope, tenantId, filter }: { scope: 'tenant' | 'organisation'; tenantId: string | null; filter: { from: string; to: string; groupBy: string } }) {
  const { t, i18n } = useTranslation('reports');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [job, setJob] = useState<{ exportId: string; rows: number } | null>(null);
  const state = useReportExport(job?.exportId ?? null);

  useRealtimeEvent('report_export.changed', (e) => {
    if (job && e.data.exportId === job.exportId) void qc.invalidateQueries({ queryKey: [...reportsKey, 'export', job.exportId] });
  });

  const run = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const r = await startExport({ scope, format, groupBy: filter.groupBy as never, from: filter.from, to: filter.to, lang: i18n.language.startsWith('vi') ? 'vi' : 'en' }, tenantId);
      if (r.kind === 'file') void message.success(t('export.done', { name: r.fileName }));
      else setJob({ exportId: r.exportId, rows: r.rows });
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const exp = state.data;
  return (
    <Flex vertical gap={8} style={{ maxWidth: '100%' }}>
      <Space wrap>
        <Button onClick={() => void run('csv')} loading={busy === 'csv'} disabled={busy !== null} data-testid="report-export-csv">
          {t('export.csv')}
        </Button>
        <Button onClick={() => void run('xlsx')} loading={busy === 'xlsx'} disabled={busy !== null} data-testid="report-export-xlsx">
          {t('export.xlsx')}
        </Button>
      </Space>
      {job ? (
        <Alert
          data-testid="report-export-job"
          type={exp?.status === 'FAILED' ? 'error' : exp?.status === 'READY' ? 'success' : 'info'}
          showIcon
          closable={{ 'aria-label': t('export.dismiss') }}
          onClose={() => setJob(null)}
          title={
            exp?.status === 'READY' ? (
              <Space wrap>
                {t('export.ready', { name: exp.fileName })}
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void downloadExport(exp.id, exp.fileName).catch((err: unknown) => void message.error(errorText(err)))} data-testid="report-export-download">
                  {t('export.download')}
                </Button>
              </Space>
            ) : exp?.status === 'FAILED' ? (
              t('export.failed', { error: exp.error ?? '' })
            ) : (
              <Space>
                <Spin size="small" />
                {t('export.pending', { rows: job.rows })}
              </Space>
            )
          }
        />
      ) : null}
    </Flex>
  );
}
