import { QueryClientProvider } from "@tanstack/react-query";
import { act, getDefaultNormalizer, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pathFor, type Locale } from "@/config/routes";
import { newsletterLinkContent } from "@/content/newsletter-link";
import { createTestQueryClient, renderWithProviders } from "@/test/render";
import { NewsletterLinkPage } from "../components/newsletter-link-page";
import type { NewsletterLinkAction } from "../api/newsletter-links";

// The database functions the page calls, as the anon client reaches them.
const rpc = vi.hoisted(() => vi.fn());
vi.mock("@/lib/supabase", () => ({ getPublicReads: () => Promise.resolve({ rpc }) }));
// The head tags are the layout's business (and React hoists them out of a hydrated tree).
vi.mock("@/components/seo/page-meta", () => ({ PageMeta: () => null }));

const routeIds = { confirm: "newsletterConfirm", unsubscribe: "newsletterUnsubscribe" } as const;
const databaseFunctions = {
  confirm: "confirm_newsletter_subscription",
  unsubscribe: "unsubscribe_from_newsletter",
} as const;
const TOKEN = "a".repeat(64);
// The copy as written: French puts a non-breaking space before "?", ":" and ";", which Testing
// Library's default matching would turn into a plain one.
const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

function linkUrl(action: NewsletterLinkAction, locale: Locale, token: string | null = TOKEN) {
  const path = pathFor(routeIds[action], locale);
  return token === null ? path : `${path}?token=${token}`;
}

function renderPage(action: NewsletterLinkAction, locale: Locale, token?: string | null) {
  return renderWithProviders(<NewsletterLinkPage action={action} />, {
    route: linkUrl(action, locale, token),
  });
}

/** A promise the test settles: the database's answer, held back. */
function heldAnswer() {
  let settle!: (answer: { data: unknown; error: unknown }) => void;
  rpc.mockReturnValueOnce(new Promise((resolve) => (settle = resolve)));
  return settle;
}

beforeEach(() => {
  rpc.mockReset();
  rpc.mockResolvedValue({ data: true, error: null });
});

describe.each([
  ["confirm", "en"],
  ["confirm", "fr"],
  ["unsubscribe", "en"],
  ["unsubscribe", "fr"],
] as const)("the %s page in %s", (action, locale) => {
  const copy = newsletterLinkContent[locale];

  it("asks first: loading the link calls nothing", async () => {
    renderPage(action, locale);
    expect(
      await screen.findByRole("heading", { level: 1, name: copy[action].promptTitle }),
    ).toBeVisible();
    expect(screen.getByText(copy[action].promptBody, asWritten)).toBeVisible();
    expect(screen.getByRole("button", { name: copy[action].action })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc).not.toHaveBeenCalled();
  });

  it("acts on the click: pending on the button, then done, with focus on the heading", async () => {
    const settle = heldAnswer();
    renderPage(action, locale);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: copy[action].action }));

    const pending = await screen.findByRole("button", { name: copy[action].pending });
    expect(pending).toHaveAttribute("aria-busy", "true");
    expect(pending).toHaveAttribute("aria-disabled", "true");
    expect(pending).toHaveFocus();
    // A second press while the answer is on its way sends nothing more.
    await user.click(pending);
    expect(rpc).toHaveBeenCalledOnce();
    expect(rpc).toHaveBeenCalledWith(databaseFunctions[action], { token: TOKEN });

    await act(async () => settle({ data: true, error: null }));
    const heading = await screen.findByRole("heading", {
      level: 1,
      name: copy[action].doneTitle,
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText(copy[action].doneBody, asWritten)).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: copy.toBlog })).toHaveAttribute(
      "href",
      pathFor("blog", locale),
    );
  });
});

describe("the link page's other answers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says the link no longer works when the database refuses the token", async () => {
    rpc.mockResolvedValue({ data: false, error: null });
    renderPage("confirm", "fr");
    const copy = newsletterLinkContent.fr;
    await userEvent.click(await screen.findByRole("button", { name: copy.confirm.action }));
    expect(
      await screen.findByRole("heading", { level: 1, name: copy.confirm.invalidTitle }),
    ).toHaveFocus();
    expect(screen.getByText(copy.confirm.invalidBody, asWritten)).toBeVisible();
  });

  it("offers a retry on the same, still focused, button when the server cannot be reached", async () => {
    rpc.mockResolvedValueOnce({ data: null, error: new Error("offline") });
    renderPage("unsubscribe", "en");
    const copy = newsletterLinkContent.en;
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: copy.unsubscribe.action });
    await user.click(button);
    expect(await screen.findByRole("heading", { level: 1, name: copy.failureTitle })).toBeVisible();
    const retry = screen.getByRole("button", { name: copy.retry });
    expect(retry).toBe(button);
    expect(retry).toHaveFocus();

    await user.click(retry);
    expect(
      await screen.findByRole("heading", { level: 1, name: copy.unsubscribe.doneTitle }),
    ).toHaveFocus();
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it("shows a link without a token as invalid, without a button", async () => {
    renderPage("unsubscribe", "fr", null);
    const copy = newsletterLinkContent.fr;
    expect(
      await screen.findByRole("heading", { level: 1, name: copy.unsubscribe.invalidTitle }),
    ).toBeVisible();
    // Nothing was pressed: focus stays where the page put it.
    expect(screen.getByRole("heading", { level: 1 })).not.toHaveFocus();
    expect(screen.queryByRole("button")).toBeNull();
    expect(rpc).not.toHaveBeenCalled();
  });

  // The prerender renders the path alone: the link's query string reaches only the browser.
  it.each([
    ["with a token, enabled", TOKEN],
    ["without one, replaced by the invalid answer", null],
  ] as const)(
    "prerenders the question with a disabled button, hydrates without a mismatch, then shows the button %s",
    async (_, token) => {
      const errors = vi.spyOn(console, "error");
      const copy = newsletterLinkContent.en;
      const tree = (url: string) => (
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider
            router={createMemoryRouter(
              [{ path: "*", element: <NewsletterLinkPage action="confirm" /> }],
              { initialEntries: [url] },
            )}
          />
        </QueryClientProvider>
      );
      const container = document.createElement("div");
      container.innerHTML = renderToString(tree(linkUrl("confirm", "en", null)));
      document.body.append(container);
      const prerendered = screen.getByRole("button", { name: copy.confirm.action });
      expect(prerendered).toBeDisabled();
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(copy.confirm.promptTitle);

      const recoverable = vi.fn();
      const root = await act(async () =>
        hydrateRoot(container, tree(linkUrl("confirm", "en", token)), {
          onRecoverableError: recoverable,
        }),
      );
      if (token) {
        await vi.waitFor(() =>
          expect(screen.getByRole("button", { name: copy.confirm.action })).toBeEnabled(),
        );
        // The prerendered button itself, hydrated rather than replaced.
        expect(screen.getByRole("button", { name: copy.confirm.action })).toBe(prerendered);
      } else {
        await vi.waitFor(() =>
          expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
            copy.confirm.invalidTitle,
          ),
        );
        expect(screen.queryByRole("button")).toBeNull();
      }
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(rpc).not.toHaveBeenCalled();
      act(() => root.unmount());
      container.remove();
    },
  );
});
