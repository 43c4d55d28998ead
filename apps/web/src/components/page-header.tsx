import type { ReactNode } from 'react';

/** Page title row with optional actions on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: 0 }}>{title}</h1>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}
