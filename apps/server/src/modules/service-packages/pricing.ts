import type { MessageType } from '@zc/shared/api/messaging';

/** A tenant's package prices as the send context reads them (null: that kind keeps its standard price). */
export interface PackagePrices {
  zns: number | null;
  oaCs: number | null;
  oaTransaction: number | null;
  oaPromotion: number | null;
}

/**
 * The LIST price of a message for a tenant (ADR 0025): the package's price of its kind when the
 * tenant has a package that sets one, otherwise the standard price (the template's price for ZNS,
 * the OA list price for OA). Discounts are applied to this list price afterwards (discounts/pricing.ts).
 */
export function packageListPrice(pkg: PackagePrices | null | undefined, module: 'ZNS' | 'OA', type: MessageType, standard: number): number {
  if (!pkg) return standard;
  let p: number | null;
  if (module === 'ZNS') p = pkg.zns;
  else if (type === 'TRANSACTION') p = pkg.oaTransaction;
  else if (type === 'PROMOTION') p = pkg.oaPromotion;
  else if (type === 'CS') p = pkg.oaCs;
  else p = null;
  return p ?? standard;
}
