import { labelFor, roleLabels } from "@/lib/staff/format";
import {
  actingAccount,
  type ActingAccount,
  type StaffDirectoryEntry,
} from "@/lib/staff/staff-directory";
import type { Database, Json } from "@/types/database";

export type AuditEntry = Database["public"]["Functions"]["staff_audit"]["Returns"][number];

/** A part of an audit sentence: words, or an account named as the page names accounts. */
export type AuditPart = string | { account: ActingAccount };

function detail(details: Json, key: string): string | null {
  if (details === null || typeof details !== "object" || Array.isArray(details)) return null;
  const value = details[key];
  return typeof value === "string" ? value : null;
}

function role(details: Json, key: string): string | null {
  const value = detail(details, key);
  return value === null ? null : labelFor(roleLabels, value);
}

/**
 * "Who did what to whom", in English: the actor and a joined target by their current names (an
 * account no longer on the team by the name stored with the entry, marked), an invitee by the
 * address the invitation went to.
 */
export function auditSentence(
  entry: AuditEntry,
  directory: readonly StaffDirectoryEntry[] | undefined,
): AuditPart[] {
  const actor = {
    account: actingAccount(
      directory,
      entry.actor_id,
      entry.actor_name,
      entry.actor_email ?? "Someone",
    ),
  };
  const member = {
    account: actingAccount(
      directory,
      entry.target_id,
      entry.target_name ?? entry.target_email,
      "a member",
    ),
  };
  const address = entry.target_email ?? entry.target_name ?? "an address";
  const as = role(entry.details, "role");
  switch (entry.action) {
    case "invited":
      return [actor, ` invited ${address}${as ? ` as ${as}` : ""}`];
    case "invitation_resent":
      return [actor, ` sent the invitation to ${address} again`];
    case "invitation_revoked":
      return [actor, ` revoked the invitation to ${address}`];
    case "joined":
      return [member, ` accepted the invitation and joined${as ? ` as ${as}` : ""}`];
    case "role_changed": {
      const from = role(entry.details, "from");
      const to = role(entry.details, "to");
      return [
        actor,
        " changed ",
        member,
        `'s role${from ? ` from ${from}` : ""}${to ? ` to ${to}` : ""}`,
      ];
    }
    case "removed":
      return [actor, " removed ", member, " from the team"];
    case "two_factor_reset":
      return [actor, " reset ", member, "'s two-factor sign-in"];
    case "two_factor_required":
      return [actor, " required two-factor sign-in for everyone"];
    case "two_factor_optional":
      return [actor, " made two-factor sign-in optional"];
    default:
      return [actor, ` ${String(entry.action).replaceAll("_", " ")}`];
  }
}
