// A /rest/v1 request's transaction, as reads, writes and rpc calls run it: under the request's
// role and settings, with the single-object check inside it (a write it fails is undone) and
// `Prefer: tx=rollback`.
import type { Db, Queryable } from "../db.ts";
import { transactionOptions, type RestRequest } from "./request.ts";
import { SingleObjectError } from "./response.ts";

export interface TransactionChecks {
  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, or a 406. */
  single: boolean;
  /** `Prefer: tx=rollback`: answer with what the work did, then undo it. */
  rollback?: boolean;
}

/** Ends the transaction with a rollback while still answering with what was done. */
class RollbackSignal extends Error {
  constructor(readonly result: unknown) {
    super("rollback");
  }
}

export async function inRequestTransaction<Result extends { rowCount: number }>(
  db: Db,
  request: RestRequest,
  checks: TransactionChecks,
  work: (transaction: Queryable) => Promise<Result>,
): Promise<Result> {
  try {
    return await db.transaction(transactionOptions(request), async (transaction) => {
      const result = await work(transaction);
      if (checks.single && result.rowCount !== 1) throw new SingleObjectError(result.rowCount);
      if (checks.rollback) throw new RollbackSignal(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RollbackSignal) return error.result as Result;
    throw error;
  }
}
