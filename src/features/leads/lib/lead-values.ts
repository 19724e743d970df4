import type { Locale } from "@/config/routes";
import type { NewLead } from "../api/create-lead";
import {
  leadFormFields,
  type LeadFieldName,
  type LeadFormVariant,
  type LeadSource,
} from "./lead-form-config";

/** What the form holds: every field as typed, plus the honeypot. */
export type LeadFormValues = Record<LeadFieldName, string> & { fax: string };

export const emptyLeadForm: LeadFormValues = {
  name: "",
  email: "",
  company: "",
  website: "",
  budget: "",
  message: "",
  fax: "",
};

/** The row to insert: empty optional fields become null; fields the form lacks stay unset. */
export function toNewLead(
  values: LeadFormValues,
  variant: LeadFormVariant,
  source: LeadSource,
  language: Locale,
): NewLead {
  const present = new Set(leadFormFields[variant].map((field) => field.name));
  const optional = (name: LeadFieldName) =>
    present.has(name) && values[name] !== "" ? values[name] : null;
  return {
    name: values.name,
    email: values.email,
    company: optional("company"),
    website: optional("website"),
    budget: optional("budget"),
    message: optional("message"),
    source,
    language,
  };
}

/** A filled honeypot: the submission came from a bot. */
export function isSpam(values: Pick<LeadFormValues, "fax">): boolean {
  return values.fax.trim() !== "";
}
