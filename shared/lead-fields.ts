// A lead's fields as a visitor gives them, in the order of public.leads' columns, with what the
// table accepts in each: the longest value (its check constraint's char_length), whether it may
// be left empty (not null) and whether it may span lines (only the message's constraint lets
// tab, line feed and carriage return through). The migrations are the truth; the site's forms
// and the notification function read the limits from here, and
// supabase/tests/lead-fields.test.ts fails as soon as this list and the database differ.
export const leadFields = {
  name: { max: 200, required: true, multiline: false },
  email: { max: 320, required: true, multiline: false },
  phone: { max: 50, required: false, multiline: false },
  company: { max: 200, required: false, multiline: false },
  website: { max: 500, required: false, multiline: false },
  budget: { max: 100, required: false, multiline: false },
  message: { max: 5000, required: false, multiline: true },
} as const satisfies Record<string, LeadFieldRule>;

export interface LeadFieldRule {
  /** The most characters the column accepts. */
  max: number;
  /** Not null (and, for the name, not blank): a lead always has it. */
  required: boolean;
  /** Tab, line feed and carriage return are allowed; no other control character is. */
  multiline: boolean;
}

export type LeadField = keyof typeof leadFields;

/** The fields in the table's order, which is also the order forms, e-mails and exports use. */
export const leadFieldNames = Object.keys(leadFields) as readonly LeadField[];

/**
 * The bidi controls the database takes out of every field of a lead before storing it
 * (private.strip_lead_bidi_controls): the Arabic letter mark, the left-to-right and
 * right-to-left marks, embeddings, overrides and isolates, which could make a lead read otherwise
 * in the staff lists. supabase/tests/lead-fields.test.ts holds this list equal to the database's.
 */
export const leadBidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A visitor's text as the database stores it: without bidi controls. */
export const withoutBidiControls = (text: string) => text.replace(leadBidiControls, "");
