import * as z from "zod/mini";
import type { Dictionary } from "@/i18n/index";
import { isEmailAddress, singleLineControlCharacters } from "@/lib/text-rules";
import {
  budgetOptions,
  leadFieldNames,
  leadFormFields,
  type LeadFieldConfig,
  type LeadFieldName,
  type LeadFormVariant,
} from "./lead-form-config";

// A web address with or without its scheme: yourapp.com, https://apps.apple.com/app/id1.
const urlShape = /^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
// Single-line fields refuse every control character; the message keeps tab and line breaks.
// eslint-disable-next-line no-control-regex
const multilineControlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const budgetValues: readonly string[] = budgetOptions.map((option) => option.value);

const formats: Record<NonNullable<LeadFieldConfig["format"]>, (value: string) => boolean> = {
  email: isEmailAddress,
  url: (value) => urlShape.test(value),
  budget: (value) => budgetValues.includes(value),
};

type Messages = Dictionary["leadForm"]["errors"];

const formatErrors = {
  email: "emailInvalid",
  url: "urlInvalid",
  budget: "budgetInvalid",
} as const;

function fieldSchema(field: LeadFieldConfig, messages: Messages) {
  const control =
    field.control === "textarea" ? multilineControlChars : singleLineControlCharacters;
  const { required, format } = field;
  return z.string().check(
    z.trim(),
    z.refine((value) => !required || value !== "", {
      error: required ? messages[required] : "",
      abort: true,
    }),
    z.refine((value) => value.length <= field.max, {
      error: messages.tooLong(field.max),
      abort: true,
    }),
    z.refine((value) => !control.test(value), { error: messages.invalidCharacters, abort: true }),
    z.refine((value) => value === "" || !format || formats[format](value), {
      error: format ? messages[formatErrors[format]] : "",
    }),
  );
}

/** The form's schema, with the limits of the database and messages in the page's language. */
export function createLeadSchema(variant: LeadFormVariant, messages: Messages) {
  const fields = leadFormFields[variant];
  const shape = Object.fromEntries(
    leadFieldNames.map((name) => {
      const field = fields.find((candidate) => candidate.name === name);
      return [name, field ? fieldSchema(field, messages) : z.string()];
    }),
  ) as Record<LeadFieldName, z.ZodMiniString<string>>;
  return z.object({ ...shape, fax: z.string() });
}
