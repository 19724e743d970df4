// A third language, German under /de, added in memory: its facts (shared/languages.ts), its
// route paths, its dictionary and its staff name, which is what the type checker asks of a real
// one (with its page copy, here only the copy the pages below show, and its date format).
// Everything else has to follow from the list.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/config/routes";
import type { Dictionary } from "@/i18n";
import type { EditorPost, PostFormValues } from "@/features/posts/staff/lib/post-form";

// The setup file has loaded the real modules already: the test's own imports start afresh, mocked.
vi.hoisted(() => vi.resetModules());

vi.mock("@shared/languages.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("@shared/languages.ts")>();
  const { withGerman } = await import("@/test/third-language");
  return withGerman(real);
});

vi.mock("@/config/routes", async (importOriginal) => {
  const routes = await importOriginal<typeof import("@/config/routes")>();
  const { withGermanPaths } = await import("@/test/third-language");
  return withGermanPaths(routes);
});

// A German dictionary: the English one, with a few words of its own.
vi.mock("@/i18n", async (importOriginal) => {
  const i18n = await importOriginal<typeof import("@/i18n")>();
  const { en } = await import("@/i18n/en");
  const german: Dictionary = {
    ...en,
    skipToContent: "Zum Inhalt springen",
    routes: { ...en.routes, services: "Leistungen", sitemap: "Seitenübersicht" },
  };
  Object.assign(i18n.dictionaryLoaders, { de: () => Promise.resolve(german) });
  return i18n;
});

// The staff workspace's name for it.
vi.mock("@/lib/staff/format", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/staff/format")>();
  return { ...real, languageLabels: { ...real.languageLabels, de: "German" } };
});

// The page copy the layout and the sitemap page show, in "German".
vi.mock("@/content/service-names", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/content/service-names")>();
  return { ...real, serviceNames: { ...real.serviceNames, de: real.serviceNames.en } };
});
vi.mock("@/content/sitemap", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/content/sitemap")>();
  return { ...real, sitemapContent: { ...real.sitemapContent, de: real.sitemapContent.en } };
});

// Radix measures its switch (the editor's Featured post) with ResizeObserver and scrolls its
// select's options, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

const de = "de" as Locale;

/**
 * The header's language toggle (its bar's copy; the mobile menu holds the same): each link's
 * address, language and name.
 */
function toggles() {
  const bar = screen.getByRole("banner").querySelector("div");
  return within(bar as HTMLElement)
    .getAllByTestId("language-toggle")
    .map((link) => [
      link.getAttribute("href"),
      link.getAttribute("lang"),
      link.getAttribute("aria-label"),
    ]);
}

// As the setup file does for the real modules: the app loads a language before rendering it.
beforeAll(async () => {
  const [{ locales }, { loadDictionary }] = await Promise.all([
    import("@/config/routes"),
    import("@/i18n"),
  ]);
  await Promise.all(locales.map((locale) => loadDictionary(locale)));
});

describe("a third language added to the list", () => {
  it("has its pages: paths, the language of a path, hreflang alternates", async () => {
    const routes = await import("@/config/routes");
    expect(routes.locales).toEqual(["en", "fr", "de"]);
    expect(routes.pathFor("services", de)).toBe("/de/services");
    expect(routes.pathFor("blogPost", de, { slug: "skan" })).toBe("/de/blog/skan");
    expect(routes.pathFor("home", de)).toBe("/de");
    expect(routes.localeFromPath("/de/about")).toBe("de");
    expect(routes.localeFromPath("/de")).toBe("de");
    expect(routes.localeFromPath("/design")).toBe("en");
    expect(routes.matchPublicRoute("/de/blog/skan")).toEqual({
      id: "blogPost",
      locale: "de",
      params: { slug: "skan" },
    });
    expect(routes.switchLocalePath("/fr/a-propos", de)).toBe("/de/about");
    expect(routes.switchLocalePath("/de/about", "fr")).toBe("/fr/a-propos");
    expect(
      routes.hreflangAlternates(
        (locale) => routes.pathFor("about", locale),
        (path) => path,
      ),
    ).toEqual([
      { hrefLang: "en", href: "/about" },
      { hrefLang: "fr", href: "/fr/a-propos" },
      { hrefLang: "de", href: "/de/about" },
      { hrefLang: "x-default", href: "/about" },
    ]);
  });

  it("is served by the router: a German page renders in German, its toggle offers the others", async () => {
    const { AppRoutes, preloadPage } = await import("@/app/router");
    const { renderWithProviders } = await import("@/test/render");
    const { site } = await import("@/config/site");
    expect(await preloadPage("/de/sitemap")).toBe(true);
    expect(await preloadPage("/de/nowhere")).toBe(false);

    renderWithProviders(<AppRoutes />, { route: "/de/sitemap" });
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe("de"));
    expect(screen.getByRole("link", { name: "Zum Inhalt springen" })).toBeInTheDocument();
    // The sitemap page lists the German pages.
    const main = screen.getByRole("main");
    expect(within(main).getAllByRole("link", { name: /Leistungen/ })[0]).toHaveAttribute(
      "href",
      "/de/services",
    );
    expect(document.querySelector('meta[property="og:locale"]')).toHaveAttribute(
      "content",
      "de_DE",
    );
    expect(
      [...document.querySelectorAll('link[rel="alternate"]')].map((link) => [
        link.getAttribute("hreflang"),
        link.getAttribute("href"),
      ]),
    ).toEqual([
      ["en", `${site.url}/sitemap`],
      ["fr", `${site.url}/fr/plan-du-site`],
      ["de", `${site.url}/de/sitemap`],
      ["x-default", `${site.url}/sitemap`],
    ]);

    // With three languages the toggle offers the other two, each named in its own language.
    expect(toggles()).toEqual([
      ["/sitemap", "en", "EN, English version"],
      ["/fr/plan-du-site", "fr", "FR, Version française"],
    ]);
  });

  it("is offered by the language toggle of the other languages' pages", async () => {
    const { Layout } = await import("@/components/layout/layout");
    const { renderWithProviders } = await import("@/test/render");
    const { router } = renderWithProviders(
      [{ element: <Layout />, children: [{ path: "*", element: <p>body</p> }] }],
      { route: "/fr/a-propos" },
    );
    await screen.findByText("body");
    expect(toggles()).toEqual([
      ["/about", "en", "EN, English version"],
      ["/de/about", "de", "DE, Deutsche Version"],
    ]);
    await act(() => router.navigate("/about"));
    expect(toggles()).toEqual([
      ["/fr/a-propos", "fr", "FR, Version française"],
      ["/de/about", "de", "DE, Deutsche Version"],
    ]);
  });

  it("is offered by the post editor, and a German post stays German", async () => {
    const { SettingsCard } = await import("@/features/posts/staff/editor/settings-card");
    const { postToFormValues, buildPostPayload } =
      await import("@/features/posts/staff/lib/post-form");
    const { missingLanguages, translationLanguage } =
      await import("@/features/posts/staff/lib/post-translation");
    const { renderWithProviders } = await import("@/test/render");

    const stored = { language: "de", title: "SKAN", slug: "skan" } as EditorPost;
    const values = postToFormValues(stored);
    expect(values.language).toBe("de");
    const saved = buildPostPayload({ ...values, author: "Ada" }, "draft");
    expect(saved.ok && saved.payload.language).toBe("de");
    expect(missingLanguages(["de"])).toEqual(["en", "fr"]);
    expect(missingLanguages(["en", "fr"])).toEqual(["de"]);
    expect(translationLanguage("en", ["fr"])).toBe("de");

    let language: string | undefined;
    function Form({ children }: { children: ReactNode }) {
      const form = useForm<PostFormValues>({ defaultValues: postToFormValues(null) });
      language = useWatch({ control: form.control, name: "language" });
      return <FormProvider {...form}>{children}</FormProvider>;
    }
    const user = userEvent.setup();
    renderWithProviders(
      <Form>
        <SettingsCard status="draft" publishedAt={null} />
      </Form>,
    );
    const select = screen.getByRole("combobox", { name: "Language" });
    expect(select).toHaveTextContent("French");
    select.focus();
    await user.keyboard("{Enter}");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "French",
      "English",
      "German",
    ]);
    await user.click(screen.getByRole("option", { name: "German" }));
    expect(language).toBe("de");
    expect(select).toHaveTextContent("German");
  });
});
