import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, StickyNote } from "lucide-react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { StaffName } from "@/components/staff/staff-name";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { useAddLeadNote } from "../api/add-lead-note";
import type { LeadNote } from "../api/get-lead-activity";
import { formatDateTime } from "@/lib/staff/format";
import { leadNoteMaxLength, leadNoteSchema, type LeadNoteValues } from "../lib/lead-note";

const noteFieldCopy = {
  label: "New note",
  description: "Only staff see notes. They cannot be edited once added.",
};

/** A lead's internal notes, newest first, under a form to add one. */
export function LeadNotes({ leadId, notes }: { leadId: string; notes: readonly LeadNote[] }) {
  const add = useAddLeadNote(leadId);
  const { register, handleSubmit, reset, control } = useForm<LeadNoteValues>({
    resolver: zodResolver(leadNoteSchema),
    defaultValues: { body: "" },
  });

  const onSubmit = handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync(body.trim());
      reset();
      toast.success("Note added");
    } catch (error) {
      toast.error("The note was not saved", {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  });

  return (
    <section aria-labelledby="lead-notes-heading" className="grid gap-3">
      <h3 id="lead-notes-heading" className="font-semibold">
        Notes
      </h3>
      <form onSubmit={onSubmit} noValidate className="grid gap-2">
        <FormField control={control} name="body" id="lead-note" {...noteFieldCopy}>
          <Textarea
            className="min-h-20"
            maxLength={leadNoteMaxLength}
            placeholder="What happened, what comes next"
            {...register("body")}
          />
        </FormField>
        <Button type="submit" size="sm" className="justify-self-start" disabled={add.isPending}>
          {add.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <StickyNote aria-hidden />
          )}
          Add note
        </Button>
      </form>
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Notes, newest first">
          {[...notes].reverse().map((note) => (
            <li key={note.id} className="rounded-md border bg-muted/30 p-3 text-sm">
              <p className="whitespace-pre-line break-words">{note.body}</p>
              <p className="mt-1.5 text-xs text-muted-foreground">
                <StaffName userId={note.author_id} storedName={note.author_name} /> ·{" "}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
