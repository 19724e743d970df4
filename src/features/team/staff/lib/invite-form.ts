import { z } from "zod";
import type { FieldCopy } from "@/components/form-field";
import { isEmailAddress } from "@/lib/text-rules";
import { Constants } from "@/types/database";

/** What the invitation form holds. */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter the colleague's e-mail address.")
    .max(254, "Keep the address to 254 characters.")
    .refine(isEmailAddress, "Enter a valid e-mail address, such as name@agency.com."),
  role: z.enum(Constants.public.Enums.staff_role, "Choose a role."),
  language: z.enum(Constants.public.Enums.site_language, "Choose the invitation's language."),
});

export type InviteValues = z.input<typeof inviteSchema>;

export const inviteDefaults: InviteValues = { email: "", role: "sales", language: "en" };

/** What the invitation form's fields say. */
export const inviteFieldCopy = {
  email: { label: "E-mail", description: "The invitation link goes to this address." },
  role: {
    label: "Role",
    description:
      "Administrator: everything, the team included. Sales: leads and subscribers. Editor: posts.",
  },
  language: {
    label: "Language of the invitation",
    description: "The e-mail and the member's later e-mails from sign-in are in this language.",
  },
} satisfies Record<keyof InviteValues, FieldCopy>;

/** The invitation's languages as the form names them (in their own language). */
export const invitationLanguageLabels: Record<InviteValues["language"], string> = {
  en: "English",
  fr: "Français",
};
