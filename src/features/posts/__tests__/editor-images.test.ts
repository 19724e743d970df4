import { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it } from "vitest";
import { createEditorExtensions } from "../staff/lib/editor-extensions";
import {
  insertImageAt,
  selectedImage,
  selectionRange,
  setImageAlt,
} from "../staff/lib/editor-images";

let editor: Editor | undefined;

function makeEditor(content: string) {
  editor = new Editor({
    element: document.createElement("div"),
    extensions: createEditorExtensions(),
    content,
  });
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

const image = { src: "https://cdn.example/a.png", alt: "A chart", width: 800, height: 600 };

describe("insertImageAt", () => {
  it("inserts an image with its alt text and size where it was asked for", () => {
    const editor = makeEditor("<p>Before</p><p>After</p>");
    // Between the two paragraphs.
    expect(insertImageAt(editor, { from: 8, to: 8 }, image)).toBe(true);
    expect(editor.getHTML()).toBe(
      '<p>Before</p><img src="https://cdn.example/a.png" alt="A chart" width="800" height="600"><p>After</p>',
    );
  });

  it("replaces the selection, as a paste would, and keeps an empty alt as empty", () => {
    const editor = makeEditor("<p>Replace me</p>");
    editor.commands.selectAll();
    expect(insertImageAt(editor, selectionRange(editor), { ...image, alt: "" })).toBe(true);
    expect(editor.getHTML()).toContain('<img src="https://cdn.example/a.png" alt="" width="800"');
    expect(editor.getHTML()).not.toContain("Replace me");
  });

  it("keeps a range past the end of the post within it", () => {
    const editor = makeEditor("<p>Short</p>");
    expect(insertImageAt(editor, { from: 500, to: 500 }, image)).toBe(true);
    expect(editor.getHTML()).toContain('alt="A chart"');
  });

  it("reports an editor that has gone, so the upload can be removed", () => {
    const editor = makeEditor("<p>Gone</p>");
    editor.destroy();
    expect(insertImageAt(editor, { from: 1, to: 1 }, image)).toBe(false);
  });
});

describe("the selected image's alt text", () => {
  it("is read from the selected image, and nothing when the selection is text", () => {
    const editor = makeEditor('<p>Text</p><img src="https://cdn.example/a.png">');
    editor.commands.setTextSelection(2);
    expect(selectedImage(editor)).toBeNull();
    editor.commands.setNodeSelection(6);
    expect(selectedImage(editor)).toEqual({ pos: 6, alt: null });
  });

  it("is set on the image at its position", () => {
    const editor = makeEditor('<p>Text</p><img src="https://cdn.example/a.png" alt="Old">');
    editor.commands.setNodeSelection(6);
    expect(selectedImage(editor)).toEqual({ pos: 6, alt: "Old" });
    editor.commands.setTextSelection(2);
    expect(setImageAlt(editor, 6, "The new description")).toBe(true);
    expect(editor.getHTML()).toContain('alt="The new description"');
  });
});
