import { explainZaloError, type ZaloApi, type ZaloErrorClass, type ZaloErrorExplanation } from './error-catalog';

/** Base of every error the client throws; `classification` tells the caller what to do. */
export class ZaloError extends Error {
  override name = 'ZaloError';
  readonly classification: ZaloErrorClass;
  constructor(message: string, classification: ZaloErrorClass, options?: { cause?: unknown }) {
    super(message, options);
    this.classification = classification;
  }
}

/** Zalo answered with a non-zero `error` (HTTP 200 envelope, or the OAuth error body). */
export class ZaloApiError extends ZaloError {
  override name = 'ZaloApiError';
  readonly code: number;
  readonly api: ZaloApi;
  /** Zalo's own message from the response. */
  readonly zaloMessage: string;
  readonly data: unknown;
  readonly explanation: ZaloErrorExplanation;
  constructor(api: ZaloApi, code: number, zaloMessage: string, data?: unknown) {
    const explanation = explainZaloError(code, api);
    super(`Zalo ${api} error ${code}: ${zaloMessage || explanation.en.meaning}`, explanation.classification);
    this.api = api;
    this.code = code;
    this.zaloMessage = zaloMessage;
    this.data = data;
    this.explanation = explanation;
  }
}

/** A non-2xx HTTP status (Zalo normally answers 200 even for errors, so this is a gateway/outage). */
export class ZaloHttpError extends ZaloError {
  override name = 'ZaloHttpError';
  readonly status: number;
  readonly bodySnippet: string;
  constructor(status: number, bodySnippet: string) {
    super(`Zalo answered HTTP ${status}`, status >= 500 || status === 429 ? 'retryable' : 'permanent');
    this.status = status;
    this.bodySnippet = bodySnippet;
  }
}

/** The body was not the JSON shape Zalo documents. Never retried: the request may have been applied. */
export class ZaloResponseParseError extends ZaloError {
  override name = 'ZaloResponseParseError';
  readonly bodySnippet: string;
  constructor(reason: string, bodySnippet: string) {
    super(`Unparseable Zalo response: ${reason}`, 'permanent');
    this.bodySnippet = bodySnippet;
  }
}

/** The connection failed. `beforeSend` is true when the request certainly never reached Zalo. */
export class ZaloNetworkError extends ZaloError {
  override name = 'ZaloNetworkError';
  readonly beforeSend: boolean;
  constructor(message: string, beforeSend: boolean, cause: unknown) {
    super(message, 'retryable', { cause });
    this.beforeSend = beforeSend;
  }
}

/** The per-call timeout elapsed (or the caller aborted). */
export class ZaloTimeoutError extends ZaloError {
  override name = 'ZaloTimeoutError';
  constructor(message: string) {
    super(message, 'retryable');
  }
}

/** No token pair is stored for the OA: an admin must connect it (OAuth) first. */
export class ZaloTokenMissingError extends ZaloError {
  override name = 'ZaloTokenMissingError';
  readonly oaKey: string;
  constructor(oaKey: string) {
    super(`No Zalo tokens stored for OA ${oaKey}`, 'permanent');
    this.oaKey = oaKey;
  }
}

/**
 * A request that fails our own validation before anything is sent (e.g. a tracking_id over 48 chars,
 * a token that cannot travel in a header); `header` names the header at fault, if any.
 */
export class ZaloRequestError extends ZaloError {
  override name = 'ZaloRequestError';
  readonly header: string | undefined;
  constructor(message: string, header?: string) {
    super(message, 'permanent');
    this.header = header;
  }
}
