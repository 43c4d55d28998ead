import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { LANGUAGES, toLanguage } from '../lib/i18n';

/** Centred card of the public pages (login, register, forgot password) with a language switcher. */
export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <main className="zc-auth">
      <div style={{ width: '100%', maxWidth: 420 }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
          <span style={{ display: 'flex', alignItems: 'center', gap: 10, fontWeight: 600, fontSize: 18 }}>
            <img src="/logo.svg" alt="" width={36} height={36} />
            {t('productName')}
          </span>
          <span role="group" aria-label={t('changeLanguage')} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }} data-testid="language-switcher">
            <GlobalOutlined style={{ color: 'rgba(0,0,0,0.45)', marginRight: 4 }} />
            {LANGUAGES.map((lng) => (
              <Button
                key={lng}
                size="small"
                type={lng === current ? 'primary' : 'text'}
                aria-pressed={lng === current}
                title={t(`language.${lng}`)}
                onClick={() => void i18n.changeLanguage(lng)}
                data-testid={`language-${lng}`}
              >
                {lng.toUpperCase()}
              </Button>
            ))}
          </span>
        </div>
        <section style={{ background: '#fff', borderRadius: 12, padding: 24, boxShadow: '0 1px 2px rgba(0,0,0,0.03), 0 2px 8px rgba(0,0,0,0.06)' }}>
          <h1 style={{ fontSize: 22, margin: '0 0 4px' }}>{title}</h1>
          {subtitle ? <p style={{ color: 'rgba(0,0,0,0.55)', marginTop: 0, marginBottom: 24 }}>{subtitle}</p> : <div style={{ height: 16 }} />}
          {children}
        </section>
      </div>
    </main>
  );
}
