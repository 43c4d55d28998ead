import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import { useToken } from 'antd/es/theme/internal';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { LANGUAGES, toLanguage } from '../lib/i18n';
import { loadSignedInResources } from '../lib/signed-in-resources';

/** Typography and links of the public pages from the antd theme (no antd Typography needed). */
function useAuthCss(): string {
  const [, token] = useToken();
  return [
    `.zc-auth{font-family:${token.fontFamily};font-size:${token.fontSize}px;line-height:${token.lineHeight};color:${token.colorText}}`,
    `.zc-auth h1{color:${token.colorTextHeading};font-weight:600;line-height:${token.lineHeightHeading3}}`,
    `.zc-auth a{color:${token.colorLink};text-decoration:none;cursor:pointer;transition:color ${token.motionDurationSlow}}`,
    `.zc-auth a:hover{color:${token.colorLinkHover}}`,
    `.zc-auth a:active{color:${token.colorLinkActive}}`,
    `.zc-auth a:focus-visible{outline:${token.lineWidthFocus}px solid ${token.colorPrimaryBorder};outline-offset:1px}`,
  ].join('\n');
}

/** Once the page is up and the browser idle: fetch what the pages after sign-in need. */
function usePrefetchSignedInResources(): void {
  useEffect(() => {
    const prefetch = () => void loadSignedInResources().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetch, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 1000);
    return () => clearTimeout(id);
  }, []);
}

/** Centred card of the public pages (login, register, forgot password) with a language switcher. */
export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage);
  const css = useAuthCss();
  usePrefetchSignedInResources();
  return (
    <main className="zc-auth">
      <style href="zc-auth" precedence="medium">
        {css}
      </style>
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
