// A refusal the Team section shows: an HTTP status, a code it maps to its words, a message.
import { jsonResponse } from "../_shared/http.ts";

export class TeamError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  toResponse(): Response {
    return jsonResponse(this.status, { error: this.code, message: this.message });
  }
}
