import { useEffect, useId, useMemo, useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { prepareToasts, toast } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { fieldClasses, Input } from "@/components/ui/input";
import { Field, FieldControl } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { pathFor } from "@/config/routes";
import { useI18n } from "@/i18n";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/cn";
import { LeadSubmissionError, useCreateLead } from "../api/create-lead";
import {
  budgetOptions,
  leadFormFields,
  type LeadFieldConfig,
  type LeadFormVariant,
  type LeadSource,
} from "../lib/lead-form-config";
import { emptyLeadForm, isSpam, toNewLead, type LeadFormValues } from "../lib/lead-values";

// The schema (zod) loads when the visitor starts filling the form in, not with the page.
const loadResolver = () => import("../lib/lead-resolver");

/** How long the success toast shows before the visitor is taken to the thank-you page. */
export const redirectDelayMs = 1500;

interface LeadFormProps {
  variant: LeadFormVariant;
  source: LeadSource;
  /** Called once a lead is stored (not for dropped spam): the page hooks analytics in here. */
  onSubmitted?: (source: LeadSource) => void;
}

export function LeadForm({ variant, source, onSubmitted }: LeadFormProps) {
  const { locale, t } = useI18n();
  const copy = t.leadForm;
  const id = useId();
  const navigate = useNavigate();
  const createLead = useCreateLead();
  // Until hydrated, a click would submit the form natively.
  const hydrated = useHydrated();
  const [redirecting, setRedirecting] = useState(false);

  // The answer to a submission is a toast: have it ready.
  useEffect(prepareToasts, []);

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate(pathFor("thankYou", locale)), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [redirecting, navigate, locale]);

  const resolver = useMemo(
    () => lazyResolver(async () => (await loadResolver()).createLeadResolver(variant, copy.errors)),
    [variant, copy.errors],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LeadFormValues>({ resolver, defaultValues: emptyLeadForm });

  const succeed = () => {
    toast.success(copy.success);
    reset(emptyLeadForm);
    setRedirecting(true);
  };

  const onSubmit = handleSubmit(async (values) => {
    // A bot filled the hidden field: store nothing, answer as if all went well.
    if (isSpam(values)) return succeed();
    try {
      await createLead.mutateAsync(toNewLead(values, variant, source, locale));
    } catch (error) {
      const rateLimited = error instanceof LeadSubmissionError && error.rateLimited;
      toast.error(copy.failureTitle, {
        description: rateLimited ? copy.tooManyRequests : copy.failure,
      });
      return;
    }
    onSubmitted?.(source);
    succeed();
  });

  const sending = createLead.isPending;
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
      className="grid gap-5"
      data-testid={`lead-form-${variant}`}
    >
      <p className="text-sm text-muted-foreground">{copy.requiredHint}</p>
      {leadFormFields[variant].map((field) => {
        const fieldCopy = copy.fields[field.copy];
        return (
          <Field
            key={field.name}
            id={fieldId(field.name)}
            error={errors[field.name]?.message}
            label={
              <>
                {fieldCopy.label}
                {field.required ? (
                  <span aria-hidden className="text-destructive">
                    {" *"}
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground"> ({copy.optional})</span>
                )}
              </>
            }
          >
            <FieldControl>
              <LeadFieldInput
                field={field}
                placeholder={fieldCopy.placeholder}
                budgetPlaceholder={copy.fields.budget.placeholder}
                budgetLabels={copy.budgets}
                aria-required={field.required ? true : undefined}
                registration={register(field.name)}
              />
            </FieldControl>
          </Field>
        );
      })}

      {/* Honeypot: off-screen and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] top-auto size-px overflow-hidden">
        <label htmlFor={fieldId("fax")}>{copy.honeypot}</label>
        <input
          id={fieldId("fax")}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register("fax")}
        />
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={!hydrated || sending || redirecting}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? copy.sending : variant === "contact" ? copy.submitContact : copy.submitAudit}
      </Button>
    </form>
  );
}

interface LeadFieldInputProps {
  field: LeadFieldConfig;
  placeholder: string;
  budgetPlaceholder: string;
  budgetLabels: Record<(typeof budgetOptions)[number]["id"], string>;
  registration: UseFormRegisterReturn;
  /** The id and aria attributes FieldControl passes on. */
  id?: string;
  "aria-required"?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** The control a lead field asks for; the attributes it is given go to that element. */
function LeadFieldInput({
  field,
  placeholder,
  budgetPlaceholder,
  budgetLabels,
  registration,
  ...aria
}: LeadFieldInputProps) {
  if (field.control === "textarea") {
    return <Textarea rows={5} placeholder={placeholder} {...aria} {...registration} />;
  }
  if (field.control === "select") {
    // A native select: keyboard, screen readers and mobile pickers work without extra code.
    return (
      <select className={cn(fieldClasses, "h-10")} {...aria} {...registration}>
        <option value="">{budgetPlaceholder}</option>
        {budgetOptions.map((option) => (
          <option key={option.id} value={option.value}>
            {budgetLabels[option.id]}
          </option>
        ))}
      </select>
    );
  }
  return (
    <Input
      type={field.type ?? "text"}
      autoComplete={field.autoComplete}
      inputMode={field.type === "url" ? "url" : undefined}
      placeholder={placeholder}
      {...aria}
      {...registration}
    />
  );
}
