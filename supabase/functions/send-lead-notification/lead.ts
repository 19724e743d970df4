// The lead the site asks about: the request body's fields, checked against the limits of the
// check constraints on public.leads (shared/lead-fields.ts), and the stored row the e-mail is
// built from.
import { Constants, type Enums } from "@shared/database.types.ts";
import {
  leadFieldNames,
  leadFields,
  withoutBidiControls,
  type LeadField,
} from "@shared/lead-fields.ts";
import { HttpError } from "../_shared/http-error.ts";

const SOURCES: readonly string[] = Constants.public.Enums.lead_source;
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/i;

/** Every field of a lead, the required ones always present. */
export type LeadNotification = Record<LeadField, string | null> & {
  name: string;
  email: string;
  source: Enums<"lead_source">;
};

export interface StoredLead extends LeadNotification {
  id: string;
  language: string | null;
  created_at: string;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A C0 control character or DEL; a multi-line field may hold tabs and line breaks. */
function hasControlCharacters(value: string, multiline: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (!multiline || ![TAB, LINE_FEED, CARRIAGE_RETURN].includes(code)) return true;
  }
  return false;
}

function readSource(source: unknown, details: Record<string, string>): void {
  if (source === undefined || source === null || source === "") details.source = "is required";
  else if (typeof source !== "string" || !SOURCES.includes(source)) {
    details.source = `must be one of ${SOURCES.join(", ")}`;
  }
}

/** Validates the request body; returns the normalised lead or throws a 400. */
export function validateLead(body: unknown): LeadNotification {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  const input = body as Record<string, unknown>;
  const details: Record<string, string> = {};
  const values: Partial<Record<LeadField, string | null>> = {};

  for (const field of leadFieldNames) {
    const rule = leadFields[field];
    const raw = input[field];
    if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
      if (rule.required) details[field] = "is required";
      values[field] = null;
      continue;
    }
    if (typeof raw !== "string") {
      details[field] = "must be a string";
      continue;
    }
    // Not trimmed: the value must match the stored lead exactly, which has no bidi controls.
    const value = withoutBidiControls(raw);
    if (value.length > rule.max) details[field] = `must be at most ${rule.max} characters`;
    else if (hasControlCharacters(value, rule.multiline)) {
      details[field] = "contains control characters";
    } else values[field] = value;
  }
  if (values.email && !EMAIL_SHAPE.test(values.email)) details.email = "must be an e-mail address";
  readSource(input.source, details);

  if (Object.keys(details).length > 0) {
    throw new HttpError(400, "Invalid lead notification request.", details);
  }
  return {
    ...(Object.fromEntries(leadFieldNames.map((field) => [field, values[field] ?? null])) as Record<
      LeadField,
      string | null
    >),
    name: values.name as string,
    email: values.email as string,
    source: input.source as LeadNotification["source"],
  };
}
