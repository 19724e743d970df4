import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CardGrid, Section } from "../components/section";

describe("Section", () => {
  it("is labelled by the heading it is given, above its children", () => {
    render(
      <Section
        labelledBy="values-title"
        heading={{ eyebrow: "Values", title: "What we stand for" }}
      >
        <p>Content</p>
      </Section>,
    );
    const section = screen.getByRole("region", { name: "What we stand for" });
    expect(within(section).getByRole("heading", { level: 2 })).toHaveAttribute(
      "id",
      "values-title",
    );
    expect(within(section).getByText("Values")).toBeInTheDocument();
    expect(within(section).getByText("Content")).toBeInTheDocument();
  });

  it("takes its background from its tone, which the heading follows", () => {
    render(
      <Section labelledBy="dark-title" heading={{ title: "Dark" }} tone="dark" flush>
        <p>Content</p>
      </Section>,
    );
    const section = screen.getByRole("region", { name: "Dark" });
    expect(section).toHaveClass("bg-ink", "pt-0");
    expect(screen.getByRole("heading", { name: "Dark" })).toHaveClass("text-white");
  });
});

describe("CardGrid", () => {
  it("makes each card a list item and leaves out missing ones", () => {
    const cards = ["First", null, "Third"];
    render(
      <CardGrid columns="md:grid-cols-3">
        {cards.map((card, index) => card && <article key={index}>{card}</article>)}
      </CardGrid>,
    );
    const list = screen.getByRole("list");
    expect(list).toHaveClass("mt-12", "grid", "md:grid-cols-3");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["First", "Third"]);
  });
});
