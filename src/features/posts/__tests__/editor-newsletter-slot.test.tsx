import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { EditorScreen, newPostId } from "../staff/editor/editor-screen";
import type { NewsletterSlot } from "../staff/editor/post-editor";
import { postDraft, postToFormValues } from "../staff/lib/post-form";

vi.mock("../staff/editor/rich-text-editor", () => ({
  RichTextEditor: ({ id }: { id: string }) => <div id={id} />,
}));
vi.mock("@/lib/supabase", () => ({ getSupabase: () => Promise.reject(new Error("no database")) }));

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe("the editor's newsletter slot", { timeout: 20_000 }, () => {
  it("gets the post as the editor holds it now, and whether it is saved", async () => {
    const user = userEvent.setup({ delay: null });
    const slot: NewsletterSlot = (post, { draft, unsaved }) => (
      <p data-testid="slot">
        {post ? post.id : "new"}|{draft.title}|{draft.slug}|{String(unsaved)}
      </p>
    );
    renderWithProviders(
      <EditorScreen
        id={newPostId}
        defaultAuthor="Ada"
        listPath="/admin?tab=posts"
        newsletter={slot}
      />,
    );
    expect(screen.getByTestId("slot")).toHaveTextContent("new|||true");
    await user.type(screen.getByLabelText("Title"), "Growth loops");
    expect(screen.getByTestId("slot")).toHaveTextContent("new|Growth loops|growth-loops|true");
  });

  it("is left out for staff who may not send newsletters", () => {
    renderWithProviders(
      <EditorScreen id={newPostId} defaultAuthor="Ada" listPath="/admin?tab=posts" />,
    );
    expect(screen.queryByTestId("slot")).not.toBeInTheDocument();
  });
});

describe("postDraft", () => {
  it("is the form in the row's shape: trimmed, empty texts as null, the video's embed address", () => {
    const values = {
      ...postToFormValues(null),
      title: "  Growth loops ",
      excerpt: " ",
      content: "<p></p>",
      imageUrl: "https://cdn.example.com/a.png",
      imageSize: { width: 1200, height: 630 },
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    };
    expect(postDraft(values)).toEqual({
      title: "Growth loops",
      slug: "growth-loops",
      excerpt: null,
      content: null,
      language: "fr",
      image_url: "https://cdn.example.com/a.png",
      image_width: 1200,
      image_height: 630,
      video_url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(postDraft({ ...values, imageUrl: "" })).toMatchObject({
      image_url: null,
      image_width: null,
      image_height: null,
    });
  });
});
