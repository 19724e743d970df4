import type { Database } from "@/types/database";

type TeamRow = Database["public"]["Functions"]["staff_team"]["Returns"][number];

/**
 * A row of `staff_team()`. The generated types cannot say which of a function's columns may be
 * null: these may (no profile yet, never signed in, seeded without an invitation, not joined,
 * joined so no invitation to expire).
 */
export type TeamMember = Omit<
  TeamRow,
  "display_name" | "last_sign_in_at" | "invited_at" | "joined_at" | "invitation_expires_at"
> & {
  display_name: string | null;
  last_sign_in_at: string | null;
  invited_at: string | null;
  joined_at: string | null;
  invitation_expires_at: string | null;
};
export type StaffRole = TeamMember["role"];

export { invitationLifetimeHours } from "@shared/staff-invitations.ts";

export type MemberStatus =
  | { kind: "active" }
  | { kind: "pending"; invitedAt: string }
  | { kind: "expired"; invitedAt: string };

/**
 * Joined, or invited with an invitation that still works, or with one that has expired: when
 * the database says it expires (`invitation_expires_at`), the moment it refuses to accept it.
 */
export function memberStatus(member: TeamMember, now: number = Date.now()): MemberStatus {
  if (member.joined_at) return { kind: "active" };
  const invitedAt = member.invited_at ?? new Date(0).toISOString();
  const expiresAt = member.invitation_expires_at ? Date.parse(member.invitation_expires_at) : 0;
  return now < expiresAt ? { kind: "pending", invitedAt } : { kind: "expired", invitedAt };
}

/** What a row may offer: nothing that would lock the signed-in Administrator out. */
export interface MemberActions {
  changeRole: boolean;
  remove: boolean;
  resetTwoFactor: boolean;
  resend: boolean;
  revoke: boolean;
}

export function memberActions(
  member: TeamMember,
  team: readonly TeamMember[],
  myId: string,
): MemberActions {
  const joined = member.joined_at !== null;
  const self = member.user_id === myId;
  const otherAdmins = team.some(
    (other) =>
      other.user_id !== member.user_id && other.joined_at !== null && other.role === "admin",
  );
  return {
    // One's own role only while another Administrator remains (the database refuses too).
    changeRole: joined && (!self || otherAdmins),
    remove: joined && !self,
    // One's own factor is removed from Profile, with a fresh code.
    resetTwoFactor: joined && !self && member.two_factor,
    resend: !joined,
    revoke: !joined,
  };
}

/** The name to call a member by: their display name, or their address before they joined. */
export function memberName(member: Pick<TeamMember, "display_name" | "email">): string {
  return member.display_name?.trim() || member.email;
}
