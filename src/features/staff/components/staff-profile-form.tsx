import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentProps } from "react";
import { Save } from "lucide-react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { QueryStatus } from "@/components/query-status";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { useOwnStaffProfile } from "../api/get-staff-profile";
import { useStaffSession } from "../api/get-staff-session";
import {
  profileSaveFailedMessage,
  StaffProfileSaveError,
  useSaveStaffProfile,
} from "../api/save-staff-profile";
import {
  profileFieldCopy,
  profileFieldNames,
  profileToFormValues,
  staffProfileLimits,
  staffProfileSchema,
  toStaffProfilePayload,
  type StaffProfile,
  type StaffProfileValues,
} from "../lib/staff-profile";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileCard } from "./profile-card";
import { SubmitRow } from "./submit-row";
import { TwoFactorSettings } from "./two-factor-settings";

/** Each field's id and what its input is for (browsers fill in and check it). */
type InputProps = ComponentProps<"input">;

const profileInputs: Record<keyof StaffProfileValues, { id: string; props: InputProps }> = {
  displayName: { id: "profile-display-name", props: { autoComplete: "name", required: true } },
  title: { id: "profile-title", props: { autoComplete: "organization-title" } },
  avatarUrl: {
    id: "profile-avatar-url",
    props: { type: "url", inputMode: "url", placeholder: "https://" },
  },
};

const loadingLabels = {
  loading: "Loading your profile...",
  failed: (message: string) => `Your profile could not be loaded: ${message}`,
  retry: "Try again",
};

function ProfileFields({ profile }: { profile: StaffProfile | null }) {
  const save = useSaveStaffProfile();
  const { register, handleSubmit, reset, setError, control } = useForm<StaffProfileValues>({
    resolver: zodResolver(staffProfileSchema),
    defaultValues: profileToFormValues(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const stored = await save.mutateAsync(toStaffProfilePayload(values));
      reset(profileToFormValues(stored));
      toast.success("Profile saved", {
        description: "New posts are signed with your display name.",
      });
    } catch (error) {
      const field = error instanceof StaffProfileSaveError ? error.field : null;
      const message =
        error instanceof Error && error.message ? error.message : profileSaveFailedMessage;
      if (field) setError(field, { type: "server", message });
      toast.error("Error", { description: message });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-labelledby="staff-profile-heading"
    >
      {!profile && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You have no profile yet: until you save one, new posts start without an author.
        </p>
      )}
      {profileFieldNames.map((name) => (
        <FormField
          key={name}
          control={control}
          name={name}
          id={profileInputs[name].id}
          {...profileFieldCopy[name]}
        >
          <Input
            {...profileInputs[name].props}
            maxLength={staffProfileLimits[name]}
            {...register(name)}
          />
        </FormField>
      ))}
      <SubmitRow
        pending={save.isPending}
        icon={<Save aria-hidden />}
        label="Save profile"
        pendingLabel="Saving..."
        status="Saving your profile..."
      />
    </form>
  );
}

/**
 * The signed-in staff member's profile: the name their posts are signed with, a title and an
 * avatar (docs/ARCHITECTURE.md, decision 15). Self-contained: it reads and saves the profile of
 * whoever is signed in.
 */
export function StaffProfileDetails() {
  const profile = useOwnStaffProfile();
  return (
    <ProfileCard
      headingId="staff-profile-heading"
      title="Your profile"
      description="How you appear on the posts you write."
    >
      <QueryStatus
        query={profile}
        labels={loadingLabels}
        placeholder={<Skeleton className="h-48 w-full" />}
      >
        {(stored) => <ProfileFields profile={stored} />}
      </QueryStatus>
    </ProfileCard>
  );
}

/** The Profile section: the profile, then the account's security (password, two-factor). */
export function StaffProfileForm() {
  const session = useStaffSession();
  return (
    <div className="grid gap-6">
      <StaffProfileDetails />
      <ChangePasswordForm email={session.status === "staff" ? session.email : undefined} />
      <TwoFactorSettings />
    </div>
  );
}
