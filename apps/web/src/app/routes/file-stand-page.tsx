import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import type { TableProps } from 'antd/es/table';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import type { TenantFile, TenantFileUse } from '@zc/shared/api/tenant-files';
import { useDeleteTenantFile, useTenantFiles } from '../../features/file-stand/api/tenant-files';
import { fileSize, typeLabel } from '../../features/file-stand/file-size';
import { DataTable } from '../../components/data-table';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { COPIED_MS } from '../../components/id-shortener';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantHref, type PageDef } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** Copies the file's absolute URL; the check mark stays 2 seconds (§9). */
function CopyUrl({ url, label, done }: { url: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const absolute = new URL(url, window.location.origin).toString();
  return (
    <Tooltip title={copied ? done : label}>
      <Button
        size="small"
        aria-label={label}
        data-testid="file-copy-url"
        icon={copied ? <CheckOutlined style={{ color: '#52c41a' }} /> : <CopyOutlined />}
        onClick={() => void navigator.clipboard?.writeText(absolute).then(() => setCopied(true))}
      />
    </Tooltip>
  );
}

/** Where a use leads: its page for this tenant (':id' filled), or nowhere when no page shows it. */
function hrefOf(use: TenantFileUse, tenantId: string): string | null {
  const page = use.page ? (PAGES as Record<string, PageDef | undefined>)[use.page] : undefined;
  if (!page) return null;
  return tenantHref(page.path.includes(':id') ? page.path.replace(':id', encodeURIComponent(use.id)) : page.path, tenantId);
}

/**
 * /tenant/tools/file-stand (any of VIEW_TENANT_SERVICES, VIEW_ZALO_OA_CONTENT, VIEW_TEMPLATE): the
 * tenant's uploaded files with preview, type, size, uploader, where each is used, copy URL and
 * delete (only an unused file; the server answers 409 listing the uses otherwise).
 */
export function FileStandPage() {
  const { t } = useTranslation('file-stand');
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const [search, setSearch] = useState('');
  const files = useTenantFiles(tenantId, search);
  const remove = useDeleteTenantFile(tenantId);

  const sizeText = (bytes: number | null) => {
    if (bytes === null) return t('sizeUnknown');
    const s = fileSize(bytes);
    return s.unit === 'MB' ? t('sizeMb', { size: s.value }) : t('sizeKb', { size: s.value });
  };

  const columns: TableProps<TenantFile>['columns'] = [
    {
      key: 'preview',
      title: t('columns.preview'),
      width: 72,
      render: (_, f) =>
        f.contentType.startsWith('image/') ? (
          <a href={f.url} target="_blank" rel="noreferrer">
            <img src={f.url} alt={f.name} width={48} height={48} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, display: 'block', background: '#f5f5f5' }} />
          </a>
        ) : (
          <span style={{ display: 'inline-flex', width: 48, height: 48, alignItems: 'center', justifyContent: 'center', background: '#f5f5f5', borderRadius: 4, fontSize: 20 }}>
            <FileOutlined />
          </span>
        ),
    },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, f) => (
        <Typography.Link href={f.url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 240, display: 'inline-block' }} data-testid={`file-name-${f.id}`}>
          {f.name}
        </Typography.Link>
      ),
    },
    { key: 'type', title: t('columns.type'), render: (_, f) => <Tag>{typeLabel(f.key)}</Tag> },
    { key: 'size', title: t('columns.size'), align: 'right', render: (_, f) => <span style={{ whiteSpace: 'nowrap' }}>{sizeText(f.size)}</span> },
    {
      key: 'uploaded',
      title: t('columns.uploaded'),
      render: (_, f) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{f.uploadedBy?.name ?? <Typography.Text type="secondary">{t('unknownUploader')}</Typography.Text>}</div>
          <Typography.Text type="secondary">{formatDateTime(f.createdAt)}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'uses',
      title: t('columns.uses'),
      render: (_, f) =>
        f.uses.length === 0 ? (
          <Typography.Text type="secondary">{t('unused')}</Typography.Text>
        ) : (
          <Space direction="vertical" size={2} style={{ maxWidth: 260 }}>
            {f.uses.map((u) => (
              <UseLink key={`${u.kind}-${u.id}`} use={u} tenantId={tenantId} kindLabel={t(`uses.${u.kind}`, { defaultValue: u.kind })} />
            ))}
          </Space>
        ),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, f) => (
        <Space size={4} wrap={false}>
          <CopyUrl url={f.url} label={t('copyUrl')} done={t('copied')} />
          {f.abilities.delete ? (
            <ConfirmButton
              size="small"
              title={t('deleteTitle')}
              description={t('deleteText')}
              loading={remove.isPending && remove.variables === f.id}
              data-testid={`file-delete-${f.id}`}
              onConfirm={() => remove.mutateAsync(f.id).then(() => void message.success(t('deleted')), (e: unknown) => void message.error(errorText(e)))}
            >
              {t('delete')}
            </ConfirmButton>
          ) : f.uses.length > 0 ? (
            <Tooltip title={t('inUseTip')}>
              <Button size="small" disabled>
                {t('delete')}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} style={{ maxWidth: 360, marginBottom: 16 }} onSearch={(v) => setSearch(v.trim())} data-testid="file-search" />
        {files.query.isError ? (
          <ErrorResult status={500} message={errorText(files.query.error)} />
        ) : (
          <DataTable<TenantFile> rowKey="id" columns={columns} dataSource={files.rows} loading={files.query.isFetching} locale={{ emptyText: t('empty') }} paging={files.paging} data-testid="file-stand-table" />
        )}
      </Card>
    </>
  );
}

function UseLink({ use, tenantId, kindLabel }: { use: TenantFileUse; tenantId: string; kindLabel: string }) {
  const href = hrefOf(use, tenantId);
  const text = use.label ? `${kindLabel}: ${use.label}` : kindLabel;
  return href ? (
    <Link to={href} data-testid="file-use-link">
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240, color: 'inherit' }}>
        {text}
      </Typography.Text>
    </Link>
  ) : (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
      {text}
    </Typography.Text>
  );
}
