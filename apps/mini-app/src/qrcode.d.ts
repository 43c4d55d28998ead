/** The part of `qrcode` (no bundled types) the gifts screen uses. */
declare module 'qrcode' {
  export function toString(text: string, options: { type: 'svg'; margin?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): Promise<string>;
}
