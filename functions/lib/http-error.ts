/** A failure the caller should see: its status and message reach the response as `{ message }` (and `extra`'s members). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Further members of the answer's body, beside `message` (e.g. the SDK's `claimValidationErrors`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
