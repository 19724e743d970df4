import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { LanguageVersions } from "@/config/routes";
import { site } from "@/config/site";
import { renderWithProviders } from "@/test/render";
import { Layout } from "../layout";
import { LanguageVersionsContext } from "../language-versions";
import { usePageLanguageVersions } from "../use-page-language-versions";

/** The app's holder of the named language versions (src/app/app-providers.tsx). */
function WithLanguageVersions({
  initial = null,
  children,
}: {
  initial?: LanguageVersions | null;
  children: ReactNode;
}) {
  return <LanguageVersionsContext value={useState(initial)}>{children}</LanguageVersionsContext>;
}

function renderAt(path: string) {
  return renderWithProviders(
    [{ element: <Layout />, children: [{ path: "*", element: <p>page body</p> }] }],
    { route: path },
  ).router;
}

describe("Layout", () => {
  it("sets <html lang> from the URL and follows navigation", async () => {
    const router = renderAt("/fr/a-propos");
    expect(await screen.findByText("page body")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fr");

    await act(() => router.navigate("/about"));
    await screen.findByRole("link", { name: "FR, Version française" });
    expect(document.documentElement.lang).toBe("en");
  });

  it("speaks French under /fr and English elsewhere", async () => {
    renderAt("/fr/services");
    expect(await screen.findAllByRole("link", { name: "Études de cas" })).not.toHaveLength(0);
    expect(screen.getByRole("link", { name: "Consultation gratuite" })).toHaveAttribute(
      "href",
      "/fr/contact",
    );
  });

  it("points the toggle at the equivalent page in the other language", async () => {
    const router = renderAt("/case-studies");
    const toggle = await screen.findByRole("link", { name: "FR, Version française" });
    expect(toggle).toHaveAttribute("href", "/fr/etudes-de-cas");
    await userEvent.click(toggle);
    expect(router.state.location.pathname).toBe("/fr/etudes-de-cas");
    expect(document.documentElement.lang).toBe("fr");
  });

  it("points a post's toggle at its translation once the page names it, elsewhere at the route's", async () => {
    const versions = { en: "/blog/skan-guide", fr: "/fr/blog/guide-skan" };
    function Post({ named }: { named: LanguageVersions | null }) {
      usePageLanguageVersions(named);
      return <p>post</p>;
    }
    const { router } = renderWithProviders(
      [
        {
          element: (
            <WithLanguageVersions>
              <Layout />
            </WithLanguageVersions>
          ),
          children: [
            { path: "/blog/skan-guide", element: <Post named={versions} /> },
            { path: "/blog/alone", element: <Post named={null} /> },
            { path: "*", element: <p>page body</p> },
          ],
        },
      ],
      { route: "/blog/skan-guide" },
    );
    const toggle = () => screen.getAllByTestId("language-toggle")[0];
    await screen.findByText("post");
    await waitFor(() => expect(toggle()).toHaveAttribute("href", "/fr/blog/guide-skan"));
    await act(() => router.navigate("/blog/alone"));
    expect(toggle()).toHaveAttribute("href", "/fr/blog");
    // The versions belong to their page: another page's toggle is its route's own.
    await act(() => router.navigate("/about"));
    expect(toggle()).toHaveAttribute("href", "/fr/a-propos");
  });

  it("renders a prerendered post's toggle at its translation from the first render", async () => {
    const initial = { en: "/blog/skan-guide", fr: "/fr/blog/guide-skan" };
    renderWithProviders(
      [
        {
          element: (
            <WithLanguageVersions initial={initial}>
              <Layout />
            </WithLanguageVersions>
          ),
          children: [{ path: "*", element: <p>page body</p> }],
        },
      ],
      { route: "/fr/blog/guide-skan" },
    );
    const [toggle] = await screen.findAllByTestId("language-toggle");
    expect(toggle).toHaveAttribute("href", "/blog/skan-guide");
  });

  it("opens and closes the mobile menu by button, Escape and link click", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const button = await screen.findByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAccessibleName("Close menu");

    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();

    await user.click(button);
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(menu).not.toBeNull();
    await user.click(within(menu as HTMLElement).getByRole("link", { name: "Services" }));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("shows the current year in the footer", async () => {
    renderAt("/");
    expect(
      await screen.findByText(new RegExp(`© ${new Date().getFullYear()} ${site.name}`)),
    ).toBeInTheDocument();
  });
});
