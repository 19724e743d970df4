import { Slice } from "@tiptap/pm/model";
import { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createEditorExtensions,
  headingLevels,
  linkOptions,
  placeholderText,
  undoRedoOptions,
} from "../staff/lib/editor-extensions";

let editor: Editor | undefined;

function makeEditor(content = "", onRefused = vi.fn(), onImageFile = vi.fn()) {
  editor = new Editor({
    element: document.createElement("div"),
    extensions: createEditorExtensions({ onRefused, onImageFile }),
    content,
  });
  return { editor, onRefused, onImageFile };
}

afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

function fakeTransfer({
  html = "",
  text = "",
  files = 0,
}: {
  html?: string;
  text?: string;
  files?: number;
}) {
  const file = { kind: "file", type: "image/png" };
  return {
    files: Array.from({ length: files }, (_, index) => ({ name: `shot-${index}.png` })),
    items: Array.from({ length: files }, () => file),
    getData: (type: string) => (type === "text/html" ? html : type === "text/plain" ? text : ""),
  };
}

describe("undo settings", () => {
  it("keeps 100 steps and groups edits made within 500 ms", () => {
    expect(undoRedoOptions).toEqual({ depth: 100, newGroupDelay: 500 });
    const { editor } = makeEditor();
    const undoRedo = editor.extensionManager.extensions.find((ext) => ext.name === "undoRedo");
    expect(undoRedo?.options).toMatchObject({ depth: 100, newGroupDelay: 500 });
  });
});

describe("the editor's schema", () => {
  it("offers headings 1 to 3 only", () => {
    expect(headingLevels).toEqual([1, 2, 3]);
    const { editor } = makeEditor("<h1>a</h1><h3>b</h3><h4>c</h4>");
    expect(editor.getHTML()).toBe("<h1>a</h1><h3>b</h3><p>c</p>");
  });

  it("has task lists, a placeholder and images with their attributes", () => {
    const { editor } = makeEditor(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>done</p></li></ul><img src="https://example.com/a.png" alt="A" title="T" width="640" height="360">',
    );
    const html = editor.getHTML();
    expect(html).toContain('data-type="taskList"');
    expect(html).toContain('data-checked="true"');
    expect(html).toContain(
      '<img src="https://example.com/a.png" alt="A" title="T" width="640" height="360">',
    );
    const placeholder = editor.extensionManager.extensions.find(
      (ext) => ext.name === "placeholder",
    );
    expect(placeholder?.options.placeholder).toBe(placeholderText);
  });
});

describe("link scheme allow-list", () => {
  it.each([
    "https://appgrove.example",
    "http://a.example/b",
    "ftp://files.example",
    "ftps://files.example",
    "mailto:hello@appgrove.example",
    "tel:+33123456789",
    "callto:someone",
    "sms:+33123456789",
    "cid:part1",
    "xmpp:someone@example.com",
    "/blog/a-post",
    "#section",
    "relative/page",
  ])("allows %s", (url) => {
    expect(linkOptions.isAllowedUri(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,x",
    "vbscript:x",
  ])("refuses %s", (url) => {
    expect(linkOptions.isAllowedUri(url)).toBe(false);
  });

  it("never stores a refused link, whether set or loaded", () => {
    const { editor } = makeEditor(
      '<p><a href="javascript:alert(1)">bad</a> <a href="mailto:a@b.c">ok</a></p>',
    );
    expect(editor.getHTML()).not.toContain("javascript:");
    expect(editor.getHTML()).toContain('href="mailto:a@b.c"');
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: "javascript:alert(1)" })).toBe(false);
    expect(editor.getHTML()).not.toContain("javascript:");
  });
});

describe("pasted and dropped images", () => {
  it("does not load data: or blob: images", () => {
    const { editor } = makeEditor(
      '<img src="data:image/png;base64,iVBORw0KGgo="><img src="blob:https://x/1"><img src="https://example.com/ok.png">',
    );
    const html = editor.getHTML();
    expect(html).not.toContain("data:");
    expect(html).not.toContain("blob:");
    expect(html).toContain("https://example.com/ok.png");
  });

  it("hands a pasted image file over to be uploaded, over the selection", () => {
    const { editor, onRefused, onImageFile } = makeEditor("<p>Hello world</p>");
    editor.commands.setTextSelection({ from: 1, to: 6 });
    const event = { clipboardData: fakeTransfer({ files: 1 }) } as unknown as ClipboardEvent;
    const handled = editor.view.someProp("handlePaste", (handle) =>
      handle(editor.view, event, Slice.empty),
    );
    expect(handled).toBe(true);
    expect(onImageFile).toHaveBeenCalledWith({ name: "shot-0.png" }, { from: 1, to: 6 });
    expect(onRefused).not.toHaveBeenCalled();
    expect(editor.getHTML()).toBe("<p>Hello world</p>");
  });

  it("pastes the text of a paste that carries a file too (a word processor's picture of it)", () => {
    const { editor, onImageFile } = makeEditor();
    const event = {
      clipboardData: fakeTransfer({ html: "<p>Some words</p>", text: "Some words", files: 1 }),
    } as unknown as ClipboardEvent;
    const handled = editor.view.someProp("handlePaste", (handle) =>
      handle(editor.view, event, Slice.empty),
    );
    expect(handled).toBeFalsy();
    expect(onImageFile).not.toHaveBeenCalled();
  });

  it("warns about pasted HTML with a data image and lets the rest through", () => {
    const { editor, onRefused } = makeEditor();
    const event = {
      clipboardData: fakeTransfer({ html: '<p>hi</p><img src="data:image/png;base64,AAAA">' }),
    } as unknown as ClipboardEvent;
    const handled = editor.view.someProp("handlePaste", (handle) =>
      handle(editor.view, event, Slice.empty),
    );
    expect(handled).toBeFalsy();
    expect(onRefused).toHaveBeenCalledWith("image");
  });

  it("lets ordinary pastes through silently", () => {
    const { editor, onRefused } = makeEditor();
    const event = {
      clipboardData: fakeTransfer({ html: "<p>hi</p>", text: "hi" }),
    } as unknown as ClipboardEvent;
    const handled = editor.view.someProp("handlePaste", (handle) =>
      handle(editor.view, event, Slice.empty),
    );
    expect(handled).toBeFalsy();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it("hands a dropped file over to be uploaded where it was dropped", () => {
    const { editor, onRefused, onImageFile } = makeEditor("<p>Hello</p>");
    // jsdom lays nothing out: the view says where the drop point is.
    const posAtCoords = vi
      .spyOn(editor.view, "posAtCoords")
      .mockReturnValue({ pos: 4, inside: -1 });
    const event = {
      dataTransfer: fakeTransfer({ files: 1 }),
      clientX: 120,
      clientY: 40,
    } as unknown as DragEvent;
    const handled = editor.view.someProp("handleDrop", (handle) =>
      handle(editor.view, event, Slice.empty, false),
    );
    expect(handled).toBe(true);
    expect(posAtCoords).toHaveBeenCalledWith({ left: 120, top: 40 });
    expect(onImageFile).toHaveBeenCalledWith({ name: "shot-0.png" }, { from: 4, to: 4 });
    expect(onRefused).not.toHaveBeenCalled();
  });
});
