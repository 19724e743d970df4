import { Slot } from "@radix-ui/react-slot";
import { createContext, use, type ComponentProps, type ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

interface FieldState {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldState | null>(null);

/**
 * A form field: its label, the control, then a description and an error. The control (wrapped
 * in FieldControl, or reading useFieldControl) gets the id the label points at and the aria
 * attributes that tie it to the description and the error, so screen readers read them with it.
 */
export function Field({
  id,
  label,
  description,
  error,
  aside,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** Shown at the end of the label row (a character count, say). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <FieldContext value={{ id, describedBy, invalid: Boolean(error) }}>
      <div className={cn("grid gap-2", className)}>
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={id} id={`${id}-label`}>
            {label}
          </Label>
          {aside}
        </div>
        {children}
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </FieldContext>
  );
}

/** The id and aria attributes of the enclosing Field's control, for controls that are not elements. */
export function useFieldControl() {
  const field = use(FieldContext);
  if (!field) throw new Error("useFieldControl must be used inside a Field");
  return {
    id: field.id,
    "aria-describedby": field.describedBy,
    "aria-invalid": field.invalid || undefined,
  } as const;
}

/** Passes the enclosing Field's id and aria attributes to its one child element. */
export function FieldControl(props: ComponentProps<typeof Slot>) {
  return <Slot {...useFieldControl()} {...props} />;
}
