import type { Dictionary } from "@/i18n/index";
import type { Enums } from "@/types/database";

/** The forms of the site: the audit request (home, services, about) and the contact form. */
export type LeadFormVariant = "audit" | "contact";

/** Where a lead came from (the database's `lead_source`). */
export type LeadSource = Enums<"lead_source">;

/** The lead columns a visitor fills in. */
export type LeadFieldName = "name" | "email" | "company" | "website" | "budget" | "message";

export const leadFieldNames = [
  "name",
  "email",
  "company",
  "website",
  "budget",
  "message",
] as const satisfies readonly LeadFieldName[];

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
  /** The longest value the database accepts (leads' check constraints). */
  max: number;
  format?: "email" | "url" | "budget";
}

const name: LeadFieldConfig = {
  name: "name",
  copy: "name",
  control: "input",
  autoComplete: "name",
  required: "nameRequired",
  max: 200,
};
const email: LeadFieldConfig = {
  name: "email",
  copy: "email",
  control: "input",
  type: "email",
  autoComplete: "email",
  required: "emailRequired",
  max: 320,
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
      max: 200,
    },
    {
      name: "website",
      copy: "website",
      control: "input",
      type: "url",
      autoComplete: "url",
      max: 500,
      format: "url",
    },
    { name: "budget", copy: "budget", control: "select", max: 100, format: "budget" },
    { name: "message", copy: "message", control: "textarea", max: 5000 },
  ],
  // The app link is stored in `website` (docs/ARCHITECTURE.md, decision 5).
  contact: [
    name,
    email,
    { name: "website", copy: "appLink", control: "input", type: "url", max: 500, format: "url" },
    {
      name: "message",
      copy: "contactMessage",
      control: "textarea",
      required: "messageRequired",
      max: 5000,
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
