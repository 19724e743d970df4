import { zodResolver } from "@hookform/resolvers/zod";
import { Send, UserPlus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import { roleLabels } from "@/lib/staff/format";
import { Constants } from "@/types/database";
import { useInviteStaffMember } from "../api/invite-staff-member";
import {
  invitationLanguageLabels,
  inviteDefaults,
  inviteFieldCopy,
  inviteSchema,
  type InviteValues,
} from "../lib/invite-form";
import { TeamActionError, teamFallbackMessage } from "../lib/team-errors";
import { invitationLifetimeHours } from "../lib/team-member";

const roleOptions = Constants.public.Enums.staff_role.map((value) => ({
  value,
  label: roleLabels[value],
}));
const languageOptions = Constants.public.Enums.site_language.map((value) => ({
  value,
  label: invitationLanguageLabels[value],
}));

// Refusals that are about the address: shown on its field.
const emailCodes = new Set(["already_member", "invalid_email"]);

/** A select bound to one of the form's values, labelled by its Field. */
function SelectField({
  control,
  name,
  id,
  options,
}: {
  control: ReturnType<typeof useForm<InviteValues>>["control"];
  name: "role" | "language";
  id: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field id={id} {...inviteFieldCopy[name]} error={fieldState.error?.message}>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger
              id={id}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-description`}
              onBlur={field.onBlur}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectOptions options={options} />
          </Select>
        </Field>
      )}
    />
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteStaffMember();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, control, setError } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: inviteDefaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await invite.mutateAsync(values);
      toast.success("Invitation sent", {
        description: `${values.email.trim()} has ${invitationLifetimeHours} hours to accept it.`,
      });
      onDone();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : teamFallbackMessage;
      const code = error instanceof TeamActionError ? error.code : null;
      if (code && emailCodes.has(code)) setError("email", { type: "server", message });
      else setRefusal(message);
    }
  });

  const sending = invite.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField control={control} name="email" id="invite-email" {...inviteFieldCopy.email}>
        <Input type="email" autoComplete="off" required {...register("email")} />
      </FormField>
      <SelectField control={control} name="role" id="invite-role" options={roleOptions} />
      <SelectField
        control={control}
        name="language"
        id="invite-language"
        options={languageOptions}
      />
      {refusal && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={sending} onClick={onDone}>
          Cancel
        </Button>
        <PendingButton
          type="submit"
          pending={sending}
          icon={<Send aria-hidden />}
          pendingLabel="Sending..."
        >
          Send invitation
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/** "Invite a colleague": a button, and the dialog that sends the invitation. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlus aria-hidden /> Invite a colleague
      </Button>
      <DismissibleDialog open={open} onDismiss={() => setOpen(false)}>
        <DialogContent>
          <DialogHeading
            title="Invite a colleague"
            description={`They get an e-mail with a link to choose their name and password. The link works once, for ${invitationLifetimeHours} hours.`}
          />
          {open && <InviteForm onDone={() => setOpen(false)} />}
        </DialogContent>
      </DismissibleDialog>
    </>
  );
}
