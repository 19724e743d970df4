import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RichTextEditor } from "../components/rich-text-editor";

describe("the rich-text editor", { timeout: 20_000 }, () => {
  it("has a labelled toolbar whose buttons show their state", async () => {
    render(
      <RichTextEditor
        id="body"
        initialHtml="<p><strong>Bold</strong> text</p>"
        onChange={vi.fn()}
      />,
    );
    const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
    for (const name of [
      "Undo",
      "Redo",
      "Heading 1",
      "Heading 2",
      "Bold",
      "Italic",
      "Inline code",
      "Bullet list",
      "Numbered list",
      "Blockquote",
      "Link",
      "Image",
    ]) {
      expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull();
    }
    // The cursor starts in the bold word.
    await waitFor(() =>
      expect(toolbar.querySelector('button[aria-label="Bold"]')).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    expect(toolbar.querySelector('button[aria-label="Italic"]')).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    // Nothing to undo yet; undo is an action, not a toggle.
    const undo = toolbar.querySelector('button[aria-label="Undo"]');
    expect(undo).toBeDisabled();
    expect(undo).not.toHaveAttribute("aria-pressed");
    const editable = document.getElementById("body");
    expect(editable).toHaveAttribute("contenteditable", "true");
    expect(editable).toHaveClass("min-h-[300px]");
  });
});
