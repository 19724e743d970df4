import { NodeSelection } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";

/** Where an image goes: recorded when it is picked, dropped or pasted, used once it is ready. */
export interface InsertRange {
  from: number;
  to: number;
}

export interface ImageAttributes {
  src: string;
  /** What screen readers say; "" only for an image marked decorative. */
  alt: string;
  width?: number;
  height?: number;
}

/** Over the selection, as a paste would. */
export function selectionRange(editor: Editor): InsertRange {
  return { from: editor.state.selection.from, to: editor.state.selection.to };
}

/** Inserts an image where it was asked for; false when it could not be inserted. */
export function insertImageAt(editor: Editor, range: InsertRange, image: ImageAttributes): boolean {
  if (editor.isDestroyed) return false;
  const end = editor.state.doc.content.size;
  const within = (position: number) => Math.min(Math.max(position, 0), end);
  return editor
    .chain()
    .focus()
    .insertContentAt(
      { from: within(range.from), to: within(range.to) },
      { type: "image", attrs: image },
    )
    .run();
}

/** The selected image, with its position and alt text; null when the selection is not one. */
export function selectedImage(editor: Editor): { pos: number; alt: string | null } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return null;
  return { pos: selection.from, alt: (selection.node.attrs.alt as string | null) ?? null };
}

/** Sets the alt text of the image at `pos`. */
export function setImageAlt(editor: Editor, pos: number, alt: string): boolean {
  return editor.chain().focus().setNodeSelection(pos).updateAttributes("image", { alt }).run();
}
