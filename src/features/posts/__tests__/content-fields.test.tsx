import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ContentFields } from "../staff/editor/content-fields";
import { postToFormValues, type PostFormValues } from "../staff/lib/post-form";

// The slug rules live in the plain fields; the rich-text editor has its own tests.
vi.mock("../staff/editor/rich-text-editor", () => ({
  RichTextEditor: ({ id, labelledBy }: { id: string; labelledBy: string }) => (
    <div id={id} role="textbox" aria-labelledby={labelledBy} />
  ),
}));

function Form({ initial, children }: { initial?: Partial<PostFormValues>; children: ReactNode }) {
  const form = useForm<PostFormValues>({
    defaultValues: { ...postToFormValues(null), ...initial },
  });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderFields(initial?: Partial<PostFormValues>) {
  render(
    <Form initial={initial}>
      <ContentFields />
    </Form>,
  );
  return {
    title: screen.getByLabelText("Title"),
    slug: screen.getByLabelText("URL slug"),
  };
}

describe("the body", () => {
  it("holds the editor's place while it loads, then shows the editor under its label", async () => {
    renderFields();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the editor…");
    expect(await screen.findByRole("textbox", { name: "Content" })).toBeInTheDocument();
    expect(screen.queryByText("Loading the editor…")).not.toBeInTheDocument();
  });
});

describe("the slug follows the title", { timeout: 20_000 }, () => {
  it("regenerates the slug (accents folded) as the title is typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { title, slug } = renderFields();
    await user.type(title, "Stratégie été: 10 conseils!");
    expect(slug).toHaveValue("strategie-ete-10-conseils");
    expect(screen.getByText("/fr/blog/strategie-ete-10-conseils")).toBeInTheDocument();
  });

  it("keeps a hand-edited slug until the title is edited again", async () => {
    const user = userEvent.setup({ delay: null });
    const { title, slug } = renderFields();
    await user.type(title, "Growth loops");
    await user.clear(slug);
    await user.type(slug, "my-own-slug");
    expect(slug).toHaveValue("my-own-slug");
    expect(title).toHaveValue("Growth loops");
    await user.type(title, " 2026");
    expect(slug).toHaveValue("growth-loops-2026");
  });

  it("normalises a typed slug when leaving the field", async () => {
    const user = userEvent.setup({ delay: null });
    const { slug } = renderFields();
    await user.type(slug, "Mon Été -- Spécial ");
    await user.tab();
    expect(slug).toHaveValue("mon-ete-special");
  });

  it("leaves a stored post's slug alone until its title changes", () => {
    const { slug } = renderFields({ title: "Stored title", slug: "kept-slug" });
    expect(slug).toHaveValue("kept-slug");
  });
});
