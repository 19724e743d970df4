import type { ReactElement, ReactNode } from "react";
import { get, useFormState, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Field, FieldControl } from "@/components/ui/field";

/** What a form field says: its label and, optionally, a description under the control. */
export interface FieldCopy {
  label: ReactNode;
  description?: ReactNode;
}

/**
 * A Field bound to one react-hook-form value: the error comes from the form's state, and the
 * one child element is the control (it gets the Field's id and aria attributes). Inside a
 * FormProvider, or given the form's control.
 */
export function FormField<Values extends FieldValues>({
  name,
  control,
  id,
  label,
  description,
  aside,
  className,
  children,
}: FieldCopy & {
  name: FieldPath<Values>;
  control?: Control<Values>;
  id: string;
  aside?: ReactNode;
  className?: string;
  children: ReactElement;
}) {
  const { errors } = useFormState({ control, name });
  const error = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return (
    <Field
      id={id}
      label={label}
      description={description}
      error={typeof error === "string" ? error : undefined}
      aside={aside}
      className={className}
    >
      <FieldControl>{children}</FieldControl>
    </Field>
  );
}
