// A refusal the staff area shows: an HTTP status, a code it maps to its words, and a message,
// answered as {"error": code, "message": …} (with CORS, as every answer of the functions).
import { HttpError } from "../_shared/http-error.ts";
import { jsonResponse } from "../_shared/http.ts";

export class NewsletterError extends HttpError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
  ) {
    super(status, message);
  }
}

/** Any HttpError as the staff area reads it; the shared ones get a code from their status. */
export function errorAnswer(error: HttpError): Response {
  const code =
    error instanceof NewsletterError
      ? error.code
      : error.status === 401
        ? "not_signed_in"
        : error.status < 500
          ? "invalid_request"
          : "unavailable";
  return jsonResponse(error.status, { error: code, message: error.message });
}
