import { useMutation } from "@tanstack/react-query";
import { FieldSaveError, toSaveError, type DatabaseError } from "@/lib/save-errors";
import { getSupabase } from "@/lib/supabase";

/** The words for the database's refusals of an invitation. */
export interface InvitationRefusalCopy {
  nameTaken: string;
  notInvited: string;
  expired: string;
  sessionEnded: string;
  network: string;
  failed: string;
}

/** An acceptance the database refused, with the field to blame when there is one. */
export class InvitationAcceptError extends FieldSaveError<"displayName"> {
  override name = "InvitationAcceptError";
}

export function toInvitationAcceptError(
  error: DatabaseError,
  copy: InvitationRefusalCopy,
): InvitationAcceptError {
  const text = `${error.message ?? ""} ${error.details ?? ""}`;
  if (error.code === "P0001" && /not_invited/.test(text)) {
    return new InvitationAcceptError(copy.notInvited);
  }
  // Past its 24 hours (public.accept_staff_invitation), whatever link gave the session.
  if (error.code === "P0001" && /invitation_expired/.test(text)) {
    return new InvitationAcceptError(copy.expired);
  }
  if (/failed to fetch|network/i.test(text)) return new InvitationAcceptError(copy.network);
  return toSaveError(InvitationAcceptError, error, {
    // A display name another member already has (unique, case-insensitive).
    checks: { staff_profiles_display_name_key: { field: "displayName", message: copy.nameTaken } },
    codes: { "42501": copy.sessionEnded },
    fallback: copy.failed,
  });
}

/**
 * Joins the team: the signed-in invitee's pending membership becomes a joined one and their
 * profile takes the display name (public.accept_staff_invitation).
 */
export async function acceptStaffInvitation({
  displayName,
  copy,
}: {
  displayName: string;
  copy: InvitationRefusalCopy;
}): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc("accept_staff_invitation", {
    display_name: displayName.trim(),
  });
  if (error) throw toInvitationAcceptError(error, copy);
}

export function useAcceptStaffInvitation() {
  return useMutation({ mutationFn: acceptStaffInvitation });
}
