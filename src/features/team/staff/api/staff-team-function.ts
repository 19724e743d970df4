import { getSupabase } from "@/lib/supabase";
import { toTeamActionError, type TeamActionError } from "../lib/team-errors";
import type { StaffRole } from "../lib/team-member";
import type { Enums } from "@/types/database";

/** What the `staff-team` function is asked to do (supabase/functions/staff-team). */
export type StaffTeamRequest =
  | { action: "invite"; email: string; role: StaffRole; language: Enums<"site_language"> }
  | { action: "resend" | "revoke" | "remove" | "reset_two_factor"; member: string };

/** An error of supabase-js's functions client: an HTTP refusal carries the Response. */
interface FunctionsError {
  message?: string;
  context?: unknown;
}

function hasJsonBody(context: unknown): context is { json: () => Promise<unknown> } {
  return (
    typeof context === "object" &&
    context !== null &&
    typeof (context as { json?: unknown }).json === "function"
  );
}

/** The refusal's `{error, message}` body (FunctionsHttpError's context is the Response). */
async function refusal(error: FunctionsError): Promise<TeamActionError> {
  if (hasJsonBody(error.context)) {
    try {
      const body = (await error.context.json()) as { error?: unknown; message?: unknown };
      return toTeamActionError(
        typeof body.error === "string" ? body.error : null,
        typeof body.message === "string" ? body.message : null,
      );
    } catch {
      // Not JSON: the generic words below.
    }
  }
  return toTeamActionError(null, error.message);
}

/**
 * Calls the `staff-team` function with the signed-in Administrator's session (the function asks
 * the database whether they may). Throws a TeamActionError with words for staff.
 */
export async function callStaffTeam(request: StaffTeamRequest): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke("staff-team", { body: request });
  if (error) throw await refusal(error as FunctionsError);
}
