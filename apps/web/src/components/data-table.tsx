import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

export interface DataTablePaging {
  page: number;
  size: number;
  total: number;
  /** Called with page 1 when the page size changes (the old page number means nothing then). */
  onChange: (page: number, size: number) => void;
}

/** True when the size changer shows: §9 "size changer only at 10 or more records". */
export function showsSizeChanger(total: number): boolean {
  return total >= 10;
}

/** True when the pager hides: a single page of results. */
export function hidesPagination(total: number, size: number): boolean {
  return total <= size;
}

/**
 * antd Table with the spec's pagination: total shown, size changer only at ≥ 10 rows,
 * pagination hidden on a single page, back to page 1 when the size changes.
 */
export function DataTable<T extends object>({ paging, ...props }: Omit<TableProps<T>, 'pagination'> & { paging?: DataTablePaging }) {
  const { t } = useTranslation('common');
  const pagination: TableProps<T>['pagination'] =
    paging === undefined
      ? false
      : {
          current: paging.page,
          pageSize: paging.size,
          total: paging.total,
          showSizeChanger: showsSizeChanger(paging.total),
          hideOnSinglePage: hidesPagination(paging.total, paging.size),
          showTotal: (total) => t('table.total', { count: total }),
          onChange: (page, size) => paging.onChange(size === paging.size ? page : 1, size),
        };
  return <Table<T> size="middle" scroll={{ x: 'max-content' }} {...props} pagination={pagination} />;
}
