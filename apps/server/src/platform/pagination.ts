/** `{ data, meta: { total, page, size } }` for a page of a list. */
export function paged<T>(data: T[], total: number, q: { page: number; size: number }) {
  return { data, meta: { total, page: q.page, size: q.size } };
}

export function offsetOf(q: { page: number; size: number }): number {
  return (q.page - 1) * q.size;
}
