import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import {
  checkImageFile,
  imageMessages,
  ImageUploadError,
  type CheckedImage,
} from "@/lib/image-files";
import { removePostImage, useUploadPostImage } from "../api/upload-post-image";
import { createEditorExtensions } from "../lib/editor-extensions";
import {
  insertImageAt,
  selectedImage,
  selectionRange,
  setImageAlt,
  type InsertRange,
} from "../lib/editor-images";
import { notifyImageNotAdded, notifyRefused } from "../lib/notify-refused";
import { EditorToolbar, type ToolbarHandlers } from "./editor-toolbar";
import { ImageAltDialog, type AltTextRequest } from "./image-alt-dialog";
import { ImageFileInput } from "./image-file-input";

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

/** An image waiting for its alt text: a checked file to upload, an address, or one in the post. */
type PendingImage =
  | { kind: "file"; image: CheckedImage; name: string; range: InsertRange }
  | { kind: "address"; src: string; range: InsertRange }
  | { kind: "edit"; pos: number; alt: string | null };

function altTextRequest(pending: PendingImage): AltTextRequest {
  switch (pending.kind) {
    case "file":
      return { mode: "insert", source: pending.name, size: pending.image };
    case "address":
      return { mode: "insert", source: pending.src, size: null };
    case "edit":
      return { mode: "edit", alt: pending.alt };
  }
}

const errorMessage = (error: unknown) =>
  error instanceof ImageUploadError ? error.message : imageMessages.failed;

/** A picked, dropped or pasted file: checked first (nothing refused is ever sent), then described. */
async function askAboutFile(
  file: File,
  range: InsertRange,
  ask: (pending: PendingImage) => void,
): Promise<void> {
  try {
    ask({ kind: "file", image: await checkImageFile(file), name: file.name, range });
  } catch (error) {
    notifyImageNotAdded(errorMessage(error));
  }
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

  const [pending, setPending] = useState<PendingImage | null>(null);
  const upload = useUploadPostImage();
  const picker = useRef<HTMLInputElement>(null);

  const [extensions] = useState(() =>
    createEditorExtensions({
      onRefused: notifyRefused,
      onImageFile: (file, range) => void askAboutFile(file, range, setPending),
    }),
  );
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

  const handlers: ToolbarHandlers = {
    onRefused: notifyRefused,
    onImageUrl: (src) => setPending({ kind: "address", src, range: selectionRange(editor) }),
    onUploadImage: () => picker.current?.click(),
    onEditAlt: () => {
      const image = selectedImage(editor);
      if (image) setPending({ kind: "edit", ...image });
    },
  };

  async function confirm(alt: string) {
    if (!pending) return;
    if (pending.kind === "edit") {
      setImageAlt(editor, pending.pos, alt);
    } else if (pending.kind === "address") {
      insertImageAt(editor, pending.range, { src: pending.src, alt });
    } else {
      try {
        const { url, path, width, height } = await upload.mutateAsync(pending.image);
        // Stored but not in the post (the editor has gone): nothing may point at it, remove it.
        if (!insertImageAt(editor, pending.range, { src: url, alt, width, height })) {
          void removePostImage(path);
          notifyImageNotAdded(imageMessages.failed);
        }
      } catch (error) {
        notifyImageNotAdded(errorMessage(error));
      }
    }
    setPending(null);
  }

  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-ring",
        invalid && "border-destructive",
      )}
      data-testid="rich-text-editor"
    >
      <EditorToolbar editor={editor} controls={id} handlers={handlers} />
      <EditorContent editor={editor} className={placeholderClasses} />
      <ImageFileInput
        ref={picker}
        onFile={(file) => void askAboutFile(file, selectionRange(editor), setPending)}
      />
      <ImageAltDialog
        request={pending && altTextRequest(pending)}
        busy={upload.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(alt) => void confirm(alt)}
        onClosed={() => editor.commands.focus()}
      />
    </div>
  );
}
