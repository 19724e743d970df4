import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  FieldSaveError,
  toSaveError,
  type CheckMessages,
  type DatabaseError,
} from "@/lib/save-errors";
import { getSupabase } from "@/lib/supabase";
import { signedInUserId } from "@/lib/staff/signed-in-user";
import type { StaffProfile, StaffProfilePayload, StaffProfileValues } from "../lib/staff-profile";
import { staffProfileMessages } from "../lib/staff-profile";
import { staffKeys } from "./query-keys";

export const profileSaveFailedMessage = "Failed to save your profile. Please try again.";

/** A save the database refused, with the field to blame when there is one. */
export class StaffProfileSaveError extends FieldSaveError<keyof StaffProfileValues> {
  override name = "StaffProfileSaveError";
}

const checkMessages: CheckMessages<keyof StaffProfileValues> = {
  staff_profiles_display_name_check: {
    field: "displayName",
    message: staffProfileMessages.displayNameRefused,
  },
  // Unique among staff whatever the case: nobody signs as a colleague.
  staff_profiles_display_name_key: {
    field: "displayName",
    message: staffProfileMessages.displayNameTaken,
  },
  staff_profiles_title_check: { field: "title", message: staffProfileMessages.titleLength },
  staff_profiles_avatar_url_check: { field: "avatarUrl", message: staffProfileMessages.avatarUrl },
};

/** Turns a database refusal into words for staff (never a raw constraint name). */
export function toStaffProfileSaveError(error: DatabaseError): StaffProfileSaveError {
  return toSaveError(StaffProfileSaveError, error, {
    checks: checkMessages,
    codes: {
      "42501":
        "Your profile was not saved: your session has ended or has no staff access. Sign in again and retry.",
    },
    fallback: profileSaveFailedMessage,
  });
}

/**
 * Stores the signed-in staff member's profile: changes it, or creates it when there is none
 * yet (staff may write only their own). Returns the stored row.
 */
export async function saveStaffProfile(payload: StaffProfilePayload): Promise<StaffProfile> {
  const supabase = await getSupabase();
  const userId = await signedInUserId(supabase);
  const updated = await supabase
    .from("staff_profiles")
    .update(payload)
    .eq("user_id", userId)
    .select("*");
  if (updated.error) throw toStaffProfileSaveError(updated.error);
  const [row] = updated.data;
  if (row) return row;
  const inserted = await supabase
    .from("staff_profiles")
    .insert({ ...payload, user_id: userId })
    .select("*")
    .single();
  if (inserted.error) throw toStaffProfileSaveError(inserted.error);
  return inserted.data;
}

export function useSaveStaffProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStaffProfile,
    onSuccess: (profile) => queryClient.setQueryData(staffKeys.ownProfile(), profile),
  });
}
