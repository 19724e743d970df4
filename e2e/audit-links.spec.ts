import type { Page } from "@playwright/test";
import {
  auditFormPath,
  caseStudiesContent,
  dictionaries,
  homeContent,
  locales,
  pathFor,
  type Locale,
} from "./support/site";
import { expect, test } from "./fixtures";
import { newestPostSlug } from "./support/posts";

/** The visitor is on the audit form: its section in view, its first field focused. */
async function expectOnAuditForm(page: Page, locale: Locale) {
  await expect(page).toHaveURL(auditFormPath(locale));
  const section = page.getByRole("region", { name: homeContent[locale].leadForm.title });
  const form = section.getByTestId("lead-form-audit");
  await expect(form).toBeVisible();
  await expect(form.getByLabel(dictionaries[locale].leadForm.fields.name.label)).toBeFocused();
  await expect(section).toBeInViewport();
}

for (const locale of locales) {
  const t = dictionaries[locale];

  test.describe(`${locale}: free-audit calls to action`, () => {
    test("a blog post's call to action lands on the audit form", async ({ page }) => {
      await page.goto(pathFor("blogPost", locale, { slug: await newestPostSlug(locale) }));
      await page.getByRole("link", { name: t.blog.ctaButton }).click();
      await expectOnAuditForm(page, locale);
    });

    test("the blog list's call to action lands on the audit form", async ({ page }) => {
      await page.goto(pathFor("blog", locale));
      await page.getByRole("link", { name: t.blog.ctaButton }).click();
      await expectOnAuditForm(page, locale);
    });

    test("the case studies' call to action lands on the audit form", async ({ page }) => {
      await page.goto(pathFor("caseStudies", locale));
      await page.getByRole("link", { name: caseStudiesContent[locale].cta.button }).click();
      await expectOnAuditForm(page, locale);
    });

    test("a link to the audit form opened as a new page lands on it", async ({ page }) => {
      await page.goto(auditFormPath(locale));
      await expectOnAuditForm(page, locale);
    });
  });
}
