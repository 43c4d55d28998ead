import dayjs from 'dayjs';
import { DATE_FORMATS } from '@zc/shared/limits';

/** DD/MM/YYYY HH:mm:ss display of an ISO time (the §9 date-time variant with seconds). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(DATE_FORMATS.displayDateTime) : '';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(DATE_FORMATS.display) : '';
}

/** §9 id display: first and last 5 characters with an ellipsis (short values stay whole). */
export function shortenId(id: string): string {
  return id.length <= 13 ? id : `${id.slice(0, 5)}…${id.slice(-5)}`;
}
