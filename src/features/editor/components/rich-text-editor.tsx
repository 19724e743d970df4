import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { createEditorExtensions } from "../lib/editor-extensions";
import { notifyRefused } from "../lib/notify-refused";
import { EditorToolbar } from "./editor-toolbar";

interface RichTextEditorProps {
  /** The editable element's id (for the field label and the toolbar's aria-controls). */
  id: string;
  /** The starting HTML; later changes come from the editor itself. */
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}

const placeholderClasses =
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]";

export function RichTextEditor({
  id,
  initialHtml,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  // The editor is created once; onChange is read through a ref so it never needs rebuilding.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const [extensions] = useState(() => createEditorExtensions({ onRefused: notifyRefused }));
  const [content] = useState(initialHtml);
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        ...(labelledBy ? { "aria-labelledby": labelledBy } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "post-body max-w-none min-h-[300px] px-4 py-3 focus:outline-none [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-primary",
      },
    }),
    [id, labelledBy, describedBy, invalid],
  );

  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor: current }) =>
      onChangeRef.current(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-ring",
        invalid && "border-destructive",
      )}
      data-testid="rich-text-editor"
    >
      <EditorToolbar editor={editor} controls={id} onRefused={notifyRefused} />
      <EditorContent editor={editor} className={placeholderClasses} />
    </div>
  );
}
