import { useFormState, type Control, type FieldValues } from "react-hook-form";

/** A form's own error (not a field's: the network, an ended session), read out when it appears. */
export function FormRootError<Values extends FieldValues>({
  control,
}: {
  control: Control<Values>;
}) {
  const { errors } = useFormState({ control });
  const message = errors.root?.message;
  return (
    <div aria-live="assertive" className="empty:hidden">
      {message && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 px-3 py-2 text-sm font-medium text-destructive"
        >
          {message}
        </p>
      )}
    </div>
  );
}
