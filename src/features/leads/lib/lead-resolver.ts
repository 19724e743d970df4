// Loaded on first use (see lead-form.tsx): zod stays out of the pages' first load.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { Dictionary } from "@/i18n/index";
import type { LeadFormVariant } from "./lead-form-config";
import { createLeadSchema } from "./lead-schema";
import type { LeadFormValues } from "./lead-values";

export function createLeadResolver(
  variant: LeadFormVariant,
  messages: Dictionary["leadForm"]["errors"],
): Resolver<LeadFormValues> {
  return zodResolver(createLeadSchema(variant, messages));
}
