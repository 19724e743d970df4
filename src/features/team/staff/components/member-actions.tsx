import type { UseMutationResult } from "@tanstack/react-query";
import { KeyRound, RotateCw, Save, UserCog, UserMinus, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import { roleLabels } from "@/lib/staff/format";
import { Constants } from "@/types/database";
import { useChangeStaffRole } from "../api/change-staff-role";
import { useRemoveStaffMember } from "../api/remove-staff-member";
import { useResendInvitation } from "../api/resend-invitation";
import { useResetTwoFactor } from "../api/reset-two-factor";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { teamFallbackMessage } from "../lib/team-errors";
import {
  invitationLifetimeHours,
  memberName,
  type MemberActions,
  type StaffRole,
  type TeamMember,
} from "../lib/team-member";

type Dialog = "role" | "remove" | "reset" | "revoke" | null;

const roleOptions = Constants.public.Enums.staff_role.map((value) => ({
  value,
  label: roleLabels[value],
}));

function failed(title: string) {
  return (error: Error) =>
    toast.error(title, { description: error.message || teamFallbackMessage });
}

function ChangeRoleDialog({
  member,
  open,
  onClose,
}: {
  member: TeamMember;
  open: boolean;
  onClose: () => void;
}) {
  const change = useChangeStaffRole();
  const [role, setRole] = useState<StaffRole>(member.role);
  const name = memberName(member);
  const id = `role-${member.user_id}`;
  return (
    <DismissibleDialog open={open} busy={change.isPending} onDismiss={onClose}>
      <DialogContent>
        <DialogHeading
          title={`Change ${name}'s role`}
          description="What they can open changes with their next request."
        />
        <Field id={id} label="Role">
          <Select value={role} onValueChange={(value) => setRole(value as StaffRole)}>
            <SelectTrigger id={id} aria-labelledby={`${id}-label`}>
              <SelectValue />
            </SelectTrigger>
            <SelectOptions options={roleOptions} />
          </Select>
        </Field>
        <DialogFooter>
          <Button variant="outline" disabled={change.isPending} onClick={onClose}>
            Cancel
          </Button>
          <PendingButton
            pending={change.isPending}
            disabled={role === member.role}
            icon={<Save aria-hidden />}
            onClick={() =>
              change.mutate(
                { member: member.user_id, role },
                {
                  onSuccess: () => {
                    toast.success(`${name} is now ${roleLabels[role]}`);
                    onClose();
                  },
                  onError: failed("The role was not changed"),
                },
              )
            }
          >
            Save role
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </DismissibleDialog>
  );
}

function ActionButton({
  label,
  name,
  icon,
  pending = false,
  onClick,
}: {
  label: string;
  name: string;
  icon: ReactNode;
  pending?: boolean;
  onClick: () => void;
}) {
  return (
    <PendingButton
      variant="outline"
      size="sm"
      aria-label={`${label}: ${name}`}
      pending={pending}
      icon={icon}
      onClick={onClick}
    >
      {label}
    </PendingButton>
  );
}

/**
 * Asks before a change to one member; on Confirm the change runs, a toast says how it went, and
 * the dialog closes.
 */
function ConfirmMemberChange({
  member,
  change,
  open,
  title,
  description,
  confirmLabel,
  done,
  failure,
  onClose,
}: {
  member: TeamMember;
  change: UseMutationResult<void, Error, string>;
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The toast once it is done. */
  done: string;
  /** The error toast's title. */
  failure: string;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      cancelLabel="Cancel"
      confirmLabel={confirmLabel}
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() =>
        change.mutate(member.user_id, {
          onSuccess: () => toast.success(done),
          onError: failed(failure),
          onSettled: onClose,
        })
      }
    />
  );
}

/** What a row offers, each change asked for in a dialog first. */
export function MemberActionButtons({
  member,
  actions,
}: {
  member: TeamMember;
  actions: MemberActions;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useRemoveStaffMember();
  const reset = useResetTwoFactor();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const name = memberName(member);
  const close = () => setDialog(null);
  const offered = Object.values(actions).some(Boolean);
  if (!offered) return <span className="text-muted-foreground">—</span>;

  return (
    <div className="flex flex-wrap gap-1.5">
      {actions.changeRole && (
        <ActionButton
          label="Change role"
          name={name}
          icon={<UserCog aria-hidden />}
          onClick={() => setDialog("role")}
        />
      )}
      {actions.resetTwoFactor && (
        <ActionButton
          label="Reset two-factor"
          name={name}
          icon={<KeyRound aria-hidden />}
          onClick={() => setDialog("reset")}
        />
      )}
      {actions.resend && (
        <ActionButton
          label="Resend"
          name={name}
          icon={<RotateCw aria-hidden />}
          pending={resend.isPending}
          onClick={() =>
            resend.mutate(member.user_id, {
              onSuccess: () =>
                toast.success("Invitation sent again", {
                  description: `${member.email} has a new link, valid for ${invitationLifetimeHours} hours.`,
                }),
              onError: failed("The invitation was not sent"),
            })
          }
        />
      )}
      {actions.revoke && (
        <ActionButton
          label="Revoke"
          name={name}
          icon={<XCircle aria-hidden />}
          onClick={() => setDialog("revoke")}
        />
      )}
      {actions.remove && (
        <ActionButton
          label="Remove"
          name={name}
          icon={<UserMinus aria-hidden />}
          onClick={() => setDialog("remove")}
        />
      )}

      {actions.changeRole && dialog === "role" && (
        <ChangeRoleDialog member={member} open onClose={close} />
      )}
      <ConfirmMemberChange
        member={member}
        change={remove}
        open={dialog === "remove"}
        title={`Remove ${name} from the team?`}
        description={`${name} (${member.email}) loses access to the workspace: their account is deleted and it ends their sessions at once. What they wrote stays, under their name.`}
        confirmLabel="Remove"
        done={`${name} was removed from the team`}
        failure="The member was not removed"
        onClose={close}
      />
      <ConfirmMemberChange
        member={member}
        change={reset}
        open={dialog === "reset"}
        title={`Reset ${name}'s two-factor sign-in?`}
        description={`For a colleague who lost their phone: their authenticator is removed, they sign in with their password alone and set up two-factor again in Profile. Check that it is really ${name} asking.`}
        confirmLabel="Reset two-factor"
        done={`${name}'s two-factor sign-in was reset`}
        failure="Two-factor was not reset"
        onClose={close}
      />
      <ConfirmMemberChange
        member={member}
        change={revoke}
        open={dialog === "revoke"}
        title={`Revoke the invitation to ${member.email}?`}
        description="The link in the e-mail stops working. You can invite the address again later."
        confirmLabel="Revoke"
        done={`The invitation to ${member.email} was revoked`}
        failure="The invitation was not revoked"
        onClose={close}
      />
    </div>
  );
}
