// A refusal the handler answers as JSON with its status (and, for a bad body, the details).
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}
