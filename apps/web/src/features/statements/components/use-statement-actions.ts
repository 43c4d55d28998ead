import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import type { Statement } from '@zc/shared/api/statements';
import { useErrorText } from '../../../lib/error-text';
import { downloadStatement, useIssueStatement, type StatementFileFormat, type StatementScope } from '../api/statements';

/** The wallet a statement belongs to, as the pages name it. */
export function useWalletName(): (s: Pick<Statement, 'tenantId' | 'tenantName'>) => string {
  const { t } = useTranslation('statements');
  return (s) => (s.tenantId === null ? t('organisation') : s.tenantName);
}

/**
 * A statement's row actions: downloads in the console's language (the server writes the labels of
 * the file in ?lang), and issuing. Failures (a 403 included) are told in a toast; the page stays.
 */
export function useStatementActions(scope: StatementScope) {
  const { t, i18n } = useTranslation('statements');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const issue = useIssueStatement();
  const [downloading, setDownloading] = useState<string | null>(null);
  const lang: 'vi' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'vi';

  return {
    /** `${id}:${format}` of the download in flight. */
    downloading,
    download: async (statement: Statement, format: StatementFileFormat) => {
      setDownloading(`${statement.id}:${format}`);
      try {
        await downloadStatement(scope, statement, format, lang);
      } catch (error) {
        void message.error(errorText(error));
      } finally {
        setDownloading(null);
      }
    },
    issuing: issue.isPending ? issue.variables : null,
    issue: async (statement: Statement) => {
      try {
        await issue.mutateAsync(statement.id);
        void message.success(t('result.issued'));
      } catch (error) {
        void message.error(errorText(error));
      }
    },
  };
}
