import { useEffect, useState } from 'react';

/** A QR code of `text` as an SVG; the `qrcode` library is loaded on first use (not in the first load). */
export function QrCode({ text, size = 220 }: { text: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const out = await qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (live) setSvg(out);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className="qr qr-loading" style={{ width: size, height: size }} />;
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return <img className="qr" data-testid="gift-qr" src={src} width={size} height={size} alt={text} />;
}
