import { z } from "zod";
import type { FieldCopy } from "@/components/form-field";
import { isAllowedImageUrl } from "@/lib/safe-url";
import type { Tables, TablesUpdate } from "@/types/database";

export type StaffProfile = Tables<"staff_profiles">;

/** What the profile form holds: plain strings for inputs. */
export interface StaffProfileValues {
  displayName: string;
  title: string;
  avatarUrl: string;
}

/** The columns staff write (the table's update grant). */
export type StaffProfilePayload = Required<
  Pick<TablesUpdate<"staff_profiles">, "display_name" | "title" | "avatar_url">
>;

// The limits of the staff_profiles check constraints, which the form mirrors.
export const staffProfileLimits = { displayName: 100, title: 100, avatarUrl: 2000 } as const;

/** The profile form's fields, in order. */
export const profileFieldNames = ["displayName", "title", "avatarUrl"] as const;

/** What the profile form's fields say. */
export const profileFieldCopy = {
  displayName: {
    label: "Display name",
    description: "Published as the author of your posts. Never your e-mail address.",
  },
  title: { label: "Title", description: "Optional, such as “Head of Growth”." },
  avatarUrl: {
    label: "Avatar URL",
    description: "Optional: https://... or a path on this site (/images/...).",
  },
} satisfies Record<keyof StaffProfileValues, FieldCopy>;

export const staffProfileMessages = {
  displayNameRequired: "Enter the name your posts are signed with.",
  displayNameLength: `Keep the display name to ${staffProfileLimits.displayName} characters.`,
  displayNameEmail: "Use a name, not an e-mail address: it is published on your posts.",
  displayNameRefused: `Use a name of at most ${staffProfileLimits.displayName} characters, on one line, without an @ or invisible characters.`,
  displayNameInvisible:
    "Remove the invisible characters (such as zero-width spaces or direction marks) from the name.",
  oneLine: "Keep it to one line.",
  displayNameTaken: "This name is already used by a colleague.",
  titleLength: `Keep the title to ${staffProfileLimits.title} characters.`,
  avatarUrl:
    "Use an image address starting with https:// (or a path on this site, such as /images/...).",
} as const;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

const oneLine = (value: string) => !controlCharacters.test(value);

/** What a display name's refusals say (the profile's words, or the invitation page's). */
export interface DisplayNameMessages {
  required: string;
  length: string;
  email: string;
  oneLine: string;
  invisible: string;
}

/**
 * A display name's rules: the staff_profiles check constraint's, in the given words; no format
 * or bidi character (Cf) either, as the database refuses them.
 */
export function displayNameSchema(messages: DisplayNameMessages) {
  return z
    .string()
    .trim()
    .min(1, messages.required)
    .max(staffProfileLimits.displayName, messages.length)
    .refine((value) => !value.includes("@"), messages.email)
    .refine(oneLine, messages.oneLine)
    .refine((value) => !/\p{Cf}/u.test(value), messages.invisible);
}

export const staffProfileSchema = z.object({
  displayName: displayNameSchema({
    required: staffProfileMessages.displayNameRequired,
    length: staffProfileMessages.displayNameLength,
    email: staffProfileMessages.displayNameEmail,
    oneLine: staffProfileMessages.oneLine,
    invisible: staffProfileMessages.displayNameInvisible,
  }),
  title: z
    .string()
    .trim()
    .max(staffProfileLimits.title, staffProfileMessages.titleLength)
    .refine(oneLine, staffProfileMessages.oneLine),
  avatarUrl: z
    .string()
    .trim()
    .max(staffProfileLimits.avatarUrl, staffProfileMessages.avatarUrl)
    .refine((value) => value === "" || isAllowedImageUrl(value), staffProfileMessages.avatarUrl),
});

/** The form's starting values: the stored profile, or empty fields when there is none yet. */
export function profileToFormValues(profile: StaffProfile | null): StaffProfileValues {
  return {
    displayName: profile?.display_name ?? "",
    title: profile?.title ?? "",
    avatarUrl: profile?.avatar_url ?? "",
  };
}

/** The row to store for valid form values: trimmed, empty optional fields as null. */
export function toStaffProfilePayload(values: StaffProfileValues): StaffProfilePayload {
  const orNull = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    display_name: values.displayName.trim(),
    title: orNull(values.title),
    avatar_url: orNull(values.avatarUrl),
  };
}
