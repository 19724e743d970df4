import type { Dictionary } from "@/i18n/index";
import type { Enums } from "@/types/database";
import { leadFieldNames as leadColumns, leadFields, type LeadField } from "@shared/lead-fields.ts";

/** The forms of the site: the audit request (home, services, about) and the contact form. */
export type LeadFormVariant = "audit" | "contact";

/** Where a lead came from (the database's `lead_source`). */
export type LeadSource = Enums<"lead_source">;

/** The lead columns a visitor fills in: all of a lead's fields (shared/lead-fields.ts) but the phone. */
export type LeadFieldName = Exclude<LeadField, "phone">;

export const leadFieldNames = leadColumns.filter(
  (field): field is LeadFieldName => field !== "phone",
);

type Copy = Dictionary["leadForm"];
type ErrorKey = Exclude<keyof Copy["errors"], "tooLong">;

export interface LeadFieldConfig {
  name: LeadFieldName;
  /** Which label and placeholder of the dictionary the field shows. */
  copy: keyof Copy["fields"];
  control: "input" | "textarea" | "select";
  type?: "text" | "email" | "url";
  autoComplete?: string;
  /** The message shown when a required field is left empty; absent on optional fields. */
  required?: ErrorKey;
  /** The longest value the database accepts (leads' check constraints, shared/lead-fields.ts). */
  max: number;
  format?: "email" | "url" | "budget";
}

const name: LeadFieldConfig = {
  name: "name",
  copy: "name",
  control: "input",
  autoComplete: "name",
  required: "nameRequired",
  max: leadFields.name.max,
};
const email: LeadFieldConfig = {
  name: "email",
  copy: "email",
  control: "input",
  type: "email",
  autoComplete: "email",
  required: "emailRequired",
  max: leadFields.email.max,
  format: "email",
};

export const leadFormFields: Record<LeadFormVariant, readonly LeadFieldConfig[]> = {
  audit: [
    name,
    email,
    {
      name: "company",
      copy: "company",
      control: "input",
      autoComplete: "organization",
      max: leadFields.company.max,
    },
    {
      name: "website",
      copy: "website",
      control: "input",
      type: "url",
      autoComplete: "url",
      max: leadFields.website.max,
      format: "url",
    },
    {
      name: "budget",
      copy: "budget",
      control: "select",
      max: leadFields.budget.max,
      format: "budget",
    },
    { name: "message", copy: "message", control: "textarea", max: leadFields.message.max },
  ],
  // The app link is stored in `website` (docs/ARCHITECTURE.md, decision 5).
  contact: [
    name,
    email,
    {
      name: "website",
      copy: "appLink",
      control: "input",
      type: "url",
      max: leadFields.website.max,
      format: "url",
    },
    {
      name: "message",
      copy: "contactMessage",
      control: "textarea",
      required: "messageRequired",
      max: leadFields.message.max,
    },
  ],
};

/**
 * The budget ranges offered, and the value stored for each: the same in both languages so
 * staff can compare leads.
 */
export const budgetOptions = [
  { id: "under5k", value: "< €5k / month" },
  { id: "from5kTo20k", value: "€5k–€20k / month" },
  { id: "from20kTo50k", value: "€20k–€50k / month" },
  { id: "from50kTo100k", value: "€50k–€100k / month" },
  { id: "over100k", value: "> €100k / month" },
  { id: "notSure", value: "Not sure yet" },
] as const satisfies readonly { id: keyof Copy["budgets"]; value: string }[];
