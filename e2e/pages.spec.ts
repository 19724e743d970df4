import type { Page } from "@playwright/test";
import { brand } from "../shared/site";
import {
  aboutContent,
  caseStudiesContent,
  caseStudyIds,
  clientNames,
  contactContent,
  dictionaries,
  formatDate,
  homeContent,
  homeServiceIds,
  locales,
  pathFor,
  privacyContent,
  quickNavRouteIds,
  serviceIds,
  servicesContent,
  sitemapContent,
  sitemapContentRouteIds,
  sitemapMainRouteIds,
  teamMembers,
  testimonialPeople,
  thankYouContent,
  type Locale,
  type PublicRouteId,
} from "./support/site";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

async function open(page: Page, id: PublicRouteId, locale: Locale) {
  const t = dictionaries[locale];
  await page.goto(pathFor(id, locale));
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page).toHaveTitle(`${t.meta[id].title} | ${brand.name}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    t.meta[id].description,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

for (const locale of locales) {
  test.describe(`${locale} pages`, () => {
    test("home shows its sections, the claims and the featured case", async ({ page }) => {
      const content = homeContent[locale];
      const services = servicesContent[locale];
      await open(page, "home", locale);

      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.hero.title);

      const claims = region(page, content.claims.title);
      for (const claim of content.claims.items) {
        await expect(claims.getByText(claim.value, { exact: true })).toBeVisible();
        await expect(claims.getByText(claim.label, { exact: true })).toBeVisible();
      }

      const servicesSection = region(page, content.services.title);
      await expect(servicesSection.getByRole("heading", { level: 3 })).toHaveCount(4);
      for (const id of homeServiceIds) {
        await expect(
          servicesSection.getByRole("heading", { name: services.items[id].title }),
        ).toBeVisible();
      }
      await expect(
        servicesSection.getByRole("link", { name: content.services.allServices }),
      ).toHaveAttribute("href", pathFor("services", locale));

      const reasons = region(page, content.reasons.title);
      await expect(reasons.getByRole("heading", { level: 3 })).toHaveCount(3);

      const featured = region(page, content.featuredCase.title);
      for (const metric of content.featuredCase.metrics) {
        await expect(featured.getByText(metric.value, { exact: true })).toBeVisible();
      }
      await expect(featured.getByRole("link", { name: content.featuredCase.link })).toHaveAttribute(
        "href",
        pathFor("caseStudies", locale),
      );

      const testimonials = region(page, content.testimonials.title);
      await expect(testimonials.locator("figure")).toHaveCount(3);
      for (const [index, person] of testimonialPeople.entries()) {
        const item = content.testimonials.items[index];
        if (!item) throw new Error("a testimonial has no copy");
        const figure = testimonials.locator("figure").nth(index);
        await expect(figure.locator("blockquote")).toHaveText(item.quote);
        await expect(figure.getByText(person.author)).toBeVisible();
        await expect(figure.getByText(`${item.title}, ${person.company}`)).toBeVisible();
      }

      const clients = region(page, content.clients.title);
      await expect(clients.getByRole("listitem")).toHaveText([...clientNames]);

      await expect(region(page, content.leadForm.title)).toBeVisible();
    });

    test("the home call to action moves focus to the lead form's first field", async ({ page }) => {
      const content = homeContent[locale];
      await open(page, "home", locale);
      // Before hydration the link only scrolls: moving focus is React's part.
      await waitForHydration(page);
      await page.getByRole("link", { name: content.hero.primaryCta }).click();
      const section = region(page, content.leadForm.title);
      await expect(
        section.getByLabel(dictionaries[locale].leadForm.fields.name.label),
      ).toBeFocused();
      await expect(section).toBeInViewport();
    });

    test("services lists six services with features, the process and the lead form", async ({
      page,
    }) => {
      const content = servicesContent[locale];
      await open(page, "services", locale);

      const list = region(page, content.list.title);
      for (const id of serviceIds) {
        const card = list.getByRole("article").filter({
          has: page.getByRole("heading", { name: content.items[id].title, exact: true }),
        });
        await expect(card.getByRole("listitem")).toHaveText(content.items[id].features);
      }
      await expect(list.getByRole("article")).toHaveCount(6);

      const process = region(page, content.process.title);
      const steps = process.getByRole("listitem");
      await expect(steps).toHaveCount(4);
      for (const [index, step] of content.process.steps.entries()) {
        await expect(steps.nth(index).getByRole("heading")).toHaveText(step.title);
      }

      await expect(region(page, content.leadForm.title)).toBeVisible();
    });

    test("case studies show three cases with their figures", async ({ page }) => {
      const content = caseStudiesContent[locale];
      await open(page, "caseStudies", locale);

      const articles = page.getByRole("main").getByRole("article");
      await expect(articles).toHaveCount(3);
      for (const id of caseStudyIds) {
        const study = content.items[id];
        const article = page.getByRole("article", { name: study.title });
        for (const label of [
          content.labels.challenge,
          content.labels.solution,
          content.labels.impact,
          content.labels.results,
        ]) {
          await expect(article.getByRole("heading", { name: label, exact: true })).toBeVisible();
        }
        await expect(article.getByText(study.challenge)).toBeVisible();
        await expect(article.getByText(study.solution)).toBeVisible();
        await expect(article.getByText(study.impact)).toBeVisible();
        for (const result of study.results) {
          await expect(article.getByText(result.value, { exact: true })).toBeVisible();
        }
        await expect(
          article.getByRole("list", { name: content.labels.tags }).getByRole("listitem"),
        ).toHaveText(study.tags);
      }

      const figures =
        locale === "en"
          ? ["500+", "1,700+", "< $5", "< €80"]
          : ["500+", "1 700+", "< 5 $", "< 80 €"];
      for (const figure of figures) {
        await expect(articles.getByText(figure, { exact: true }).first()).toBeVisible();
      }
    });

    test("about shows the team, values, achievements, story and calls to action", async ({
      page,
    }) => {
      const content = aboutContent[locale];
      await open(page, "about", locale);

      const team = region(page, content.team.title);
      await expect(team.getByRole("article")).toHaveCount(4);
      for (const member of teamMembers) {
        await expect(team.getByRole("heading", { name: member.name })).toBeVisible();
      }
      await expect(
        region(page, content.values.title).getByRole("heading", { level: 3 }),
      ).toHaveCount(content.values.items.length);
      const achievements = region(page, content.achievements.title);
      for (const item of content.achievements.items) {
        await expect(achievements.getByText(item.value, { exact: true })).toBeVisible();
      }
      await expect(region(page, content.story.title)).toBeVisible();
      await expect(page.getByRole("img", { name: content.story.illustrationAlt })).toHaveAttribute(
        "loading",
        "lazy",
      );
      await expect(page.getByRole("link", { name: content.cta.button })).toHaveAttribute(
        "href",
        pathFor("contact", locale),
      );
      await expect(region(page, content.leadForm.title)).toBeVisible();
    });

    test("contact shows the form slot, contact cards, response time and FAQ", async ({ page }) => {
      const content = contactContent[locale];
      await open(page, "contact", locale);

      await expect(region(page, content.form.title)).toBeVisible();

      // site.ts reads Vite's env, so the addresses are taken from the shared footer.
      const contactEmail = (
        await page.getByRole("contentinfo").locator('a[href^="mailto:"]').getAttribute("href")
      )?.replace("mailto:", "");
      expect(contactEmail).toMatch(/@/);
      const channels = region(page, content.channels.title);
      await expect(channels.getByRole("link", { name: contactEmail })).toHaveAttribute(
        "href",
        `mailto:${contactEmail}`,
      );
      for (const copy of [content.channels.call, content.channels.linkedIn]) {
        const link = channels.getByRole("link", { name: copy.action });
        await expect(link).toHaveAttribute("href", /^https:\/\//);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }

      const response = region(page, content.response.title);
      for (const item of content.response.items) {
        await expect(response.getByText(item.value, { exact: true })).toBeVisible();
        await expect(response.getByText(item.label, { exact: true })).toBeVisible();
      }
    });

    test("the FAQ disclosures open by keyboard", async ({ page }) => {
      const content = contactContent[locale];
      await open(page, "contact", locale);
      const faq = region(page, content.faq.title);
      const questions = faq.locator("summary");
      await expect(questions).toHaveCount(4);
      const [first, second] = content.faq.items;
      if (!first || !second) throw new Error("the FAQ needs entries");
      await expect(faq.getByText(first.answer)).toBeHidden();

      // Start from the last link before the FAQ, then Tab to the first question.
      await page
        .getByRole("region", { name: content.channels.title, exact: true })
        .getByRole("link")
        .last()
        .focus();
      await page.keyboard.press("Tab");
      await expect(questions.first()).toBeFocused();
      await expect(questions.first()).toHaveText(first.question);
      await page.keyboard.press("Enter");
      await expect(faq.getByText(first.answer)).toBeVisible();

      await page.keyboard.press("Tab");
      await expect(questions.nth(1)).toBeFocused();
      await page.keyboard.press("Space");
      await expect(faq.getByText(second.answer)).toBeVisible();
      await page.keyboard.press("Space");
      await expect(faq.getByText(second.answer)).toBeHidden();
    });

    test("thank-you confirms and leads back home in the same language", async ({ page }) => {
      const content = thankYouContent[locale];
      await open(page, "thankYou", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await page.getByRole("link", { name: content.backHome }).click();
      await expect(page).toHaveURL(pathFor("home", locale));
    });

    test("privacy shows its seven sections and the last-updated date", async ({ page }) => {
      const content = privacyContent[locale];
      await open(page, "privacy", locale);
      await expect(page).toHaveTitle(
        `${locale === "en" ? "Privacy Policy" : "Politique de confidentialité"} | ${brand.name}`,
      );
      for (const section of content.sections) {
        await expect(region(page, section.title)).toBeVisible();
      }
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(
        content.sections.length + 1,
      );
      const lastUpdated = page.getByTestId("privacy-last-updated").locator("time");
      const isoDate = await lastUpdated.getAttribute("datetime");
      expect(isoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expect(lastUpdated).toHaveText(formatDate(isoDate ?? "", locale));
      await expect(page.getByTestId("privacy-last-updated")).toContainText(content.lastUpdated);
      const cookies = region(page, content.sections[4]?.title ?? "");
      await expect(cookies).toContainText(locale === "en" ? "analytics" : "analytics");
      await expect(cookies).toContainText(locale === "en" ? "marketing pixel" : "pixel marketing");
      const rights = region(page, content.sections[5]?.title ?? "");
      await expect(rights.getByRole("listitem")).toHaveCount(5);
    });

    test("the sitemap page lists every page, the technical files and quick links", async ({
      page,
    }) => {
      const content = sitemapContent[locale];
      const t = dictionaries[locale];
      await open(page, "sitemap", locale);

      await expect(page.getByTestId("sitemap-page-count")).toHaveText(
        locale === "en" ? "6 Pages Available" : "6 pages disponibles",
      );

      const main = region(page, content.main.title);
      for (const id of sitemapMainRouteIds) {
        await expect(main.getByRole("link", { name: t.routes[id], exact: true })).toHaveAttribute(
          "href",
          pathFor(id, locale),
        );
      }
      const contentGroup = region(page, content.content.title);
      for (const id of sitemapContentRouteIds) {
        await expect(
          contentGroup.getByRole("link", { name: t.routes[id], exact: true }),
        ).toHaveAttribute("href", pathFor(id, locale));
      }

      const technical = region(page, content.technical.title);
      for (const file of ["sitemap.xml", "robots.txt"]) {
        const link = technical.getByRole("link", { name: new RegExp(file.replace(".", "\\.")) });
        await expect(link).toHaveAttribute("href", `/${file}`);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }

      const quickNav = page.getByRole("navigation", { name: content.quickNav.title });
      await expect(quickNav.getByRole("link")).toHaveText(
        quickNavRouteIds.map((id) => t.routes[id]),
      );
      await quickNav.getByRole("link", { name: t.routes.caseStudies }).click();
      await expect(page).toHaveURL(pathFor("caseStudies", locale));
    });
  });
}
