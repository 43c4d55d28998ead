import { useTranslation } from 'react-i18next';
import { fitLabel, labelRotation, polar, slicePath, slices, textColorOn } from '../logic/wheel';

export interface WheelSlice {
  label: string;
  color: string | null;
}

export interface WheelLook {
  primaryColor: string;
  secondaryColor: string;
  buttonText: string;
  backgroundUrl?: string | null | undefined;
}

const SIZE = 300;
const C = SIZE / 2;
const R = 128;

/** The wheel as the mini app draws it (equal slices, pointer at the top): live preview of the editor and the detail. */
export function WheelPreview({ prizes, look, size = SIZE }: { prizes: readonly WheelSlice[]; look: WheelLook; size?: number }) {
  const { t } = useTranslation('zma-draw');
  const parts = slices(prizes.length);
  const studs = slices(Math.max(prizes.length * 2, 12));
  const background = look.backgroundUrl ? { backgroundImage: `url("${look.backgroundUrl.replace(/"/g, '%22')}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : { background: `${look.secondaryColor}33` };
  return (
    <div data-testid="wheel-preview" style={{ ...background, borderRadius: 12, padding: 12, display: 'flex', justifyContent: 'center', maxWidth: '100%' }}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={size} height={size} role="img" aria-label={t('look.previewLabel', { count: prizes.length })} style={{ maxWidth: '100%', height: 'auto' }}>
        <circle cx={C} cy={C} r={R + 14} fill={look.primaryColor} />
        {parts.map((s) => {
          const prize = prizes[s.index];
          const fill = prize?.color ?? (s.index % 2 === 0 ? look.primaryColor : look.secondaryColor);
          const at = polar(C, C, R * 0.62, s.mid);
          return (
            <g key={s.index} data-testid="wheel-slice">
              <path d={slicePath(C, C, R, s.start, s.end)} fill={fill} stroke="#FFFFFF" strokeWidth={1.5} />
              <text
                x={at.x}
                y={at.y}
                fill={textColorOn(fill)}
                fontSize={prizes.length > 8 ? 10 : 12}
                fontWeight={600}
                textAnchor="middle"
                dominantBaseline="middle"
                transform={`rotate(${labelRotation(s.mid)} ${at.x} ${at.y})`}
              >
                {fitLabel(prize?.label ?? '', prizes.length)}
              </text>
            </g>
          );
        })}
        {studs.map((s) => {
          const p = polar(C, C, R + 7, s.start);
          return <circle key={`stud-${s.index}`} cx={p.x} cy={p.y} r={3} fill={look.secondaryColor} />;
        })}
        <polygon points={`${C - 12},4 ${C + 12},4 ${C},30`} fill={look.secondaryColor} stroke={look.primaryColor} strokeWidth={2} />
        <circle cx={C} cy={C} r={34} fill={look.secondaryColor} stroke={look.primaryColor} strokeWidth={4} />
        <text x={C} y={C} fill={textColorOn(look.secondaryColor)} fontSize={13} fontWeight={700} textAnchor="middle" dominantBaseline="middle" data-testid="wheel-button">
          {fitLabel(look.buttonText, 4)}
        </text>
      </svg>
    </div>
  );
}
