// The phone module lives in @zc/shared (the web uses it too); re-exported here for Zalo callers.
export { CARRIERS, CARRIER_PREFIXES, carrierOf, isValidVietnamPhone, normalizeVietnamPhone, parseVietnamPhone } from '@zc/shared/phone';
export type { Carrier, PhoneParseResult } from '@zc/shared/phone';
