import { AuditLog } from "./audit-log";
import { InviteDialog } from "./invite-dialog";
import { TeamMembers } from "./team-members";
import { TwoFactorRequirement } from "./two-factor-requirement";

/**
 * The Team section (Administrators, `manage_staff`): the members and invitations, inviting a
 * colleague, the team's two-factor rule and the audit log. The database decides every change.
 */
export function TeamSection() {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="team-members-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-members-heading" className="text-lg font-semibold">
            Members
          </h2>
          <InviteDialog />
        </div>
        <TeamMembers />
      </section>
      <section aria-labelledby="team-two-factor-heading" className="grid gap-3">
        <h2 id="team-two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <TwoFactorRequirement />
      </section>
      <AuditLog />
    </div>
  );
}
