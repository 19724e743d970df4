import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { EditorScreen, newPostId } from "../staff/editor/editor-screen";
import { authorMessages } from "../staff/lib/post-form";

// The author field and its rules; the rich-text editor has its own tests.
vi.mock("../staff/editor/rich-text-editor", () => ({
  RichTextEditor: ({ id }: { id: string }) => <div id={id} />,
}));
vi.mock("@/components/ui/toaster", () => ({
  toast: { success: vi.fn(), error: vi.fn() },
}));
// Nothing may reach the database here: a save that got that far would be a failed test.
const getSupabase = vi.hoisted(() => vi.fn(() => Promise.reject(new Error("no database"))));
vi.mock("@/lib/supabase", () => ({ getSupabase }));

// Radix measures its switch (Featured post) with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderNewPost(defaultAuthor: string | undefined) {
  return renderWithProviders(
    <EditorScreen id={newPostId} defaultAuthor={defaultAuthor} listPath="/admin?tab=posts" />,
    {
      route: "/blog-editor/new",
    },
  );
}

describe("a new post's author", { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    getSupabase.mockClear();
  });

  it("waits for the staff member's display name before the form starts", () => {
    renderNewPost(undefined);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the post...");
    expect(screen.queryByLabelText("Author")).not.toBeInTheDocument();
  });

  it("starts as the staff member's display name", () => {
    renderNewPost("Ada Lovelace");
    expect(screen.getByRole("textbox", { name: "Author" })).toHaveValue("Ada Lovelace");
  });

  it("starts empty without a profile, and a post cannot be saved without one", async () => {
    const user = userEvent.setup({ delay: null });
    renderNewPost("");
    const author = screen.getByRole("textbox", { name: "Author" });
    expect(author).toHaveValue("");
    expect(author).toBeRequired();

    await user.type(screen.getByLabelText("Title"), "Growth loops");
    await user.click(screen.getByRole("button", { name: "Save Draft" }));
    expect(await screen.findByText(authorMessages.required)).toBeInTheDocument();
    expect(author).toHaveAttribute("aria-invalid", "true");
    expect(toast.error).toHaveBeenCalledWith("Error", {
      description: "Please check the highlighted fields.",
    });

    await user.type(author, "admin@appgrove.local");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText(authorMessages.email)).toBeInTheDocument();
    expect(getSupabase).not.toHaveBeenCalled();
  });
});
