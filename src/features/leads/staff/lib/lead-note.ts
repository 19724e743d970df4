import { z } from "zod";

// The limit of the lead_notes check constraint, which the form mirrors.
export const leadNoteMaxLength = 5000;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacters = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const leadNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(
      leadNoteMaxLength,
      `Keep a note to ${leadNoteMaxLength.toLocaleString("en-US")} characters.`,
    )
    .refine(
      (body) => !controlCharacters.test(body),
      "Remove the control characters from the note.",
    ),
});

export type LeadNoteValues = z.input<typeof leadNoteSchema>;
