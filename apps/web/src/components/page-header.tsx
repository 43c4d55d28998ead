import type { ReactNode } from 'react';

/** Page title row with optional actions on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      {/* A long name breaks instead of widening the page; the actions wrap below the title on a phone. */}
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</h1>
      {extra ? <div style={{ maxWidth: '100%' }}>{extra}</div> : null}
    </div>
  );
}
