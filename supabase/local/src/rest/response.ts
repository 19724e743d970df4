// Pieces of a /rest/v1 answer: Content-Range and the single-object form.
import { ApiError } from "../errors.ts";

export class SingleObjectError extends ApiError {
  constructor(rowCount: number) {
    super(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rowCount} rows`,
    );
  }
}

export function contentRange(offset: number, rowCount: number, total: number | null): string {
  const range = rowCount > 0 ? `${offset}-${offset + rowCount - 1}` : "*";
  return `${range}/${total === null ? "*" : total}`;
}

export function singleObject(jsonArray: string): string {
  return jsonArray.slice(1, -1).trim();
}
