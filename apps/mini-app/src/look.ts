import type { DrawLook } from '@zc/shared/api/zma-draw';
import type { OpenDrawForCustomer } from './api';

/** The console's default look (packages/shared zma-draw DEFAULT_DRAW_LOOK; a value import would bring zod in). */
const DEFAULT_LOOK: DrawLook = { primaryColor: '#e53935', secondaryColor: '#ffd54f', buttonText: 'Quay', backgroundUrl: null };

/** A draw's look with every field filled (the end-user API leaves unset ones out). */
export function lookOf(draw: Pick<OpenDrawForCustomer, 'look'>): DrawLook {
  const l = draw.look;
  return {
    primaryColor: l.primaryColor ?? DEFAULT_LOOK.primaryColor,
    secondaryColor: l.secondaryColor ?? DEFAULT_LOOK.secondaryColor,
    buttonText: l.buttonText ?? DEFAULT_LOOK.buttonText,
    backgroundUrl: l.backgroundUrl ?? null,
  };
}
