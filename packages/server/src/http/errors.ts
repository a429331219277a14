import type { ErrorCode } from '@perch/contract';

/** The one HTTP error type. `appCode` becomes the `X-Error-Code` header. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly appCode?: ErrorCode,
    readonly headers: Record<string, string> = {},
    /** An answer body of its own, for the few routes whose failures have a documented shape. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, appCode?: ErrorCode) => new HttpError(400, message, appCode);
export const unauthorized = (message = 'Authentication required', appCode?: ErrorCode) =>
  new HttpError(401, message, appCode);
export const forbidden = (message = 'You are not allowed to do this', appCode?: ErrorCode) =>
  new HttpError(403, message, appCode);
export const notFound = (message = 'Not found', appCode?: ErrorCode) => new HttpError(404, message, appCode);
export const conflict = (message: string, appCode?: ErrorCode) => new HttpError(409, message, appCode);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests') =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** The server cannot take the request now (it is not the client's fault); `Retry-After` says when to ask again. */
export const serviceUnavailable = (retryAfterSeconds: number, message = 'The server is busy; try again') =>
  new HttpError(503, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A failure answered with a documented JSON body of its own instead of the usual error body. */
export const errorWithBody = (statusCode: number, message: string, body: unknown) =>
  new HttpError(statusCode, message, undefined, {}, body);

/** A booking rule's refusal (its status, message and app code) as the HTTP error the client receives. */
export const ruleError = (violation: { status: number; message: string; code: number | undefined }) =>
  new HttpError(violation.status, violation.message, violation.code as ErrorCode | undefined);
