import { Loader2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  DialogContent,
  DialogFooter,
  DialogHeading,
  DismissibleDialog,
} from "@/components/ui/dialog";
import { Field, FieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ImageSize } from "@/lib/image-files";

/** What the dialog asks about: an image about to be inserted, or one already in the post. */
export type AltTextRequest =
  { mode: "insert"; source: string; size: ImageSize | null } | { mode: "edit"; alt: string | null };

const missingAltText = "Describe the image, or mark it as decorative.";

/**
 * Asks for an image's alt text: what screen readers say, and what shows when the image does not
 * load. Leaving it empty takes a deliberate choice (decorative: screen readers skip it). Escape,
 * the close button and Cancel add nothing; while `busy` (uploading), the dialog waits.
 */
export function ImageAltDialog({
  request,
  busy,
  onCancel,
  onConfirm,
  onClosed,
}: {
  /** The dialog is open while there is one. */
  request: AltTextRequest | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (alt: string) => void;
  /** Where focus goes once the dialog has closed (the editor, not the button that opened it). */
  onClosed: () => void;
}) {
  return (
    <DismissibleDialog open={request !== null} busy={busy} onDismiss={onCancel}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {request && (
          <AltTextForm request={request} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
        )}
      </DialogContent>
    </DismissibleDialog>
  );
}

function AltTextForm({
  request,
  busy,
  onCancel,
  onConfirm,
}: {
  request: AltTextRequest;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (alt: string) => void;
}) {
  const current = request.mode === "edit" ? request.alt : null;
  const [alt, setAlt] = useState(current ?? "");
  const [decorative, setDecorative] = useState(current === "");
  const [error, setError] = useState<string | undefined>();
  const inserting = request.mode === "insert";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (decorative) return onConfirm("");
    const text = alt.trim();
    if (!text) return setError(missingAltText);
    onConfirm(text);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <DialogHeading
        title={inserting ? "Describe the image" : "Edit the alt text"}
        description="Alt text is what screen readers say and what shows if the image does not load: say briefly what the image shows or tells."
      />
      {request.mode === "insert" && (
        <p className="text-sm text-muted-foreground">
          <span className="break-all font-mono text-foreground">{request.source}</span>
          {request.size && ` (${request.size.width} × ${request.size.height} px)`}
        </p>
      )}
      <Field id="image-alt-text" label="Alt text" error={error}>
        <FieldControl>
          <Input
            autoComplete="off"
            value={decorative ? "" : alt}
            disabled={decorative}
            onChange={(event) => {
              setAlt(event.target.value);
              setError(undefined);
            }}
          />
        </FieldControl>
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={decorative}
          onChange={(event) => {
            setDecorative(event.target.checked);
            setError(undefined);
          }}
        />
        <span>Decorative image: it adds nothing to the text, so screen readers skip it.</span>
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? "Uploading..." : inserting ? "Insert image" : "Save alt text"}
        </Button>
      </DialogFooter>
      <p className="sr-only" role="status">
        {busy ? "Uploading the image..." : ""}
      </p>
    </form>
  );
}
