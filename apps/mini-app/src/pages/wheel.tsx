import { useEffect, useRef, useState } from 'react';
import { Box, Button, Header, Modal, Page, Text, useNavigate, useSearchParams } from 'zmp-ui';
import { api, type SpinResult } from '../api';
import { WheelSvg } from '../components/wheel-svg';
import { errorText } from '../errors';
import { useNotify } from '../notify';
import { t } from '../i18n';
import { useReadySession } from '../session';
import { rotationFor } from '../wheel-math';
import { lookOf } from '../look';

const SPIN_MS = 4200;

/**
 * The wheel: the server decides (`POST /api/zma/app/draws/{id}/spin`), then the wheel turns to the
 * slice it answered and the result is shown with the turns left. A refusal (409: no turns, not open,
 * a rule) is told in the customer's language.
 */
export function WheelPage() {
  const { me, patchCustomer } = useReadySession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const draw = me.draws.find((d) => d.id === params.get('draw')) ?? me.draws[0];
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResult | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!draw) {
    return (
      <Page className="page">
        <Header title={t('tabWheel')} showBackIcon={false} />
        <Text className="empty">{t('noDraws')}</Text>
      </Page>
    );
  }
  const slices = [...draw.prizes].sort((a, b) => a.position - b.position);
  const look = lookOf(draw);

  const spin = async () => {
    if (spinning) return;
    setSpinning(true);
    try {
      const res = await api.spin(draw.id);
      const index = Math.max(0, slices.findIndex((s) => s.id === res.prize.id));
      setRotation((r) => rotationFor(r, index, slices.length));
      timer.current = window.setTimeout(() => {
        setSpinning(false);
        setResult(res);
        patchCustomer({ draws: me.draws.map((d) => (d.id === draw.id ? { ...d, turnsLeft: res.turnsLeft } : d)) });
      }, SPIN_MS + 150);
    } catch (err) {
      setSpinning(false);
      notify.fail(errorText(err));
    }
  };

  return (
    <Page className="page wheel-page" style={look.backgroundUrl ? { backgroundImage: `url(${look.backgroundUrl})` } : undefined}>
      <Header title={draw.name} showBackIcon={false} />
      {me.draws.length > 1 && (
        <div className="draw-tabs" role="tablist" aria-label={t('chooseDraw')}>
          {me.draws.map((d) => (
            <button key={d.id} role="tab" aria-selected={d.id === draw.id} className={d.id === draw.id ? 'active' : ''} onClick={() => navigate(`/wheel?draw=${d.id}`, { replace: true, animate: false })}>
              {d.name}
            </button>
          ))}
        </div>
      )}
      <Box className="wheel-box">
        <WheelSvg slices={slices} look={look} rotation={rotation} durationMs={SPIN_MS} />
      </Box>
      <Text className="turns" data-testid="wheel-turns">
        {t('turnsLeft')}: <strong>{draw.turnsLeft}</strong>
      </Text>
      <Button
        fullWidth
        size="large"
        className="spin-button"
        data-testid="spin"
        loading={spinning}
        disabled={spinning}
        onClick={() => void spin()}
        style={{ background: look.primaryColor }}
      >
        {spinning ? t('spinning') : look.buttonText || t('spin')}
      </Button>

      <Modal
        visible={result !== null}
        title={result?.outcome === 'WIN' ? t('youWon') : t('betterLuck')}
        onClose={() => setResult(null)}
        actions={
          result?.outcome === 'WIN' && result.gift
            ? [
                { text: t('close'), close: true },
                { text: t('seeGift'), highLight: true, onClick: () => (setResult(null), navigate('/gifts')) },
              ]
            : [{ text: t('close'), close: true, highLight: true }]
        }
      >
        <div className="result" data-testid="spin-result" data-outcome={result?.outcome}>
          {result?.outcome === 'WIN' && result.gift ? (
            <Text.Title size="large" className="prize-name">
              {result.gift.name}
            </Text.Title>
          ) : (
            <Text>{result?.prize.label}</Text>
          )}
          <Text size="small" className="muted">
            {t('turnsLeft')}: {result?.turnsLeft}
          </Text>
        </div>
      </Modal>
    </Page>
  );
}
