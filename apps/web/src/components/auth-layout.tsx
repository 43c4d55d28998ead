import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Dropdown from 'antd/es/dropdown';
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
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [current],
              items: LANGUAGES.map((lng) => ({ key: lng, label: <span data-testid={`language-${lng}`}>{t(`language.${lng}`)}</span> })),
              onClick: ({ key }) => void i18n.changeLanguage(toLanguage(key)),
            }}
          >
            <Button type="text" icon={<GlobalOutlined />} aria-label={t('changeLanguage')} data-testid="language-switcher">
              {current.toUpperCase()}
            </Button>
          </Dropdown>
        </div>
        <Card>
          <h1 style={{ fontSize: 22, margin: '0 0 4px' }}>{title}</h1>
          {subtitle ? <p style={{ color: 'rgba(0,0,0,0.55)', marginTop: 0, marginBottom: 24 }}>{subtitle}</p> : <div style={{ height: 16 }} />}
          {children}
        </Card>
      </div>
    </main>
  );
}
