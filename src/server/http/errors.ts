/** An error with an honest HTTP status and a message that is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More fields for the answer's body, e.g. the current record with a 409. */
    readonly extra: Record<string, unknown> = {},
    /** Headers of the answer, e.g. Retry-After with a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const unauthorized = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(401, message, extra);
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new HttpError(409, message, extra);
