// Storage's SQL under the caller's role and claims, so the policies in the migrations allow or
// refuse it; and the few lookups Storage makes as its own superuser, which no policy sees.
import type { Db, Queryable } from "../db.ts";
import { transactionOptions, type RequestScope } from "../rest/request.ts";
import { fromDatabaseError } from "./errors.ts";

/**
 * One transaction under the request's role, with the settings PostgREST sets (the one function
 * in rest/request.ts) and Storage's own: the operation, and the permission to delete rows that
 * Storage's delete trigger looks for. A database error becomes Storage's.
 */
export async function asCaller<T>(
  db: Db,
  scope: RequestScope,
  operation: string,
  work: (transaction: Queryable) => Promise<T>,
): Promise<T> {
  const options = transactionOptions(scope);
  try {
    return await db.transaction(
      {
        ...options,
        settings: {
          ...options.settings,
          "storage.operation": operation,
          "storage.allow_delete_query": "true",
        },
      },
      work,
    );
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

/** A lookup as Storage's superuser (no role, no row security), as Storage makes some. */
export async function asStorage<T>(
  db: Db,
  work: (connection: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await work(db);
  } catch (error) {
    throw fromDatabaseError(error);
  }
}
