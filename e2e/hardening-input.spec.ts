import type { Locator, Page } from "@playwright/test";
import { recordFigures, type Figure } from "../scripts/hardening/figures";
import { en, fr, pathFor, type Locale } from "./support/site";
import { expect as baseExpect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { subscribersFor, uniqueEmail } from "./support/leads";
import { serviceClient } from "./support/stack";
import { uniqueTag } from "./support/staff";

// A first render on a busy machine (CI runs every browser spec at once) can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

// Issue 11, input: hostile and bad input typed into the lead forms (contact, and the audit
// form of the home and services pages) and the blog's newsletter sign-up, in both languages.
// Bad input: refused with the localized inline message on the field, the input kept, nothing
// sent or stored. Valid but unusual input (emoji, right-to-left scripts, SQL meta-characters,
// tabs and line breaks in the message): stored exactly as typed.

const dictionaries = { en, fr };

type Field = "name" | "email" | "company" | "website" | "message";
type Variant = "audit" | "contact";

interface BadCase {
  field: Field;
  value: string;
  message: string;
}

const sqlish = "'; drop table leads; --";

function leadFields(form: Locator, locale: Locale, variant: Variant): Record<Field, Locator> {
  const f = dictionaries[locale].leadForm.fields;
  return {
    name: form.getByLabel(f.name.label),
    email: form.getByLabel(f.email.label),
    company: form.getByLabel(f.company.label),
    website: form.getByLabel(variant === "audit" ? f.website.label : f.appLink.label),
    message: form.getByLabel(variant === "audit" ? f.message.label : f.contactMessage.label),
  };
}

/**
 * Bad input for a lead form. The contact form gets them all; the audit form (same field rules)
 * its own fields and one of each kind for the shared ones.
 */
function badLeadCases(locale: Locale, variant: Variant, tag: string): BadCase[] {
  const e = dictionaries[locale].leadForm.errors;
  // Field, value, the message expected on it, and whether the audit form gets it too.
  const cases: [Field, string, string, boolean][] = [
    ["name", `${tag}${"N".repeat(5_000)}`, e.tooLong(200), true],
    ["name", `Ana\u0000${tag}`, e.invalidCharacters, false],
    ["name", `\u001b[31m${tag}`, e.invalidCharacters, false],
    ["email", `${"a".repeat(5_000)}@example.com`, e.tooLong(320), false],
    ["email", "not-an-email", e.emailInvalid, true],
    ["email", "someone@nowhere", e.emailInvalid, false],
    ["email", "a@@example.com", e.emailInvalid, false],
    ["email", "first last@example.com", e.emailInvalid, false],
    ["email", "nul\u0000@example.com", e.invalidCharacters, false],
    ["message", `${tag} ${"m".repeat(6_000)}`, e.tooLong(5000), true],
    ["message", `Ring\u0007${tag}`, e.invalidCharacters, false],
    ["website", `https://example.com/${"p".repeat(5_000)}`, e.tooLong(500), false],
    ["website", "javascript:alert(1)", e.urlInvalid, true],
    ["company", `${tag}${"C".repeat(5_000)}`, e.tooLong(200), true],
    ["company", `Acme\u0008${tag}`, e.invalidCharacters, true],
  ];
  return cases
    .filter(([field, , , audit]) => (variant === "audit" ? audit : field !== "company"))
    .map(([field, value, message]) => ({ field, value, message }));
}

/** Valid, unusual input: every character must come back from the database as typed. */
function validLead(tag: string) {
  return {
    name: `Zoë مريم 👩‍💻🇫🇷 O'Brien ${tag}`,
    company: `שלום בע״מ " OR 1=1 -- ${tag}`,
    website: `https://exemple.fr/app?ref=rtl&q='1'--`,
    message: `${sqlish}\nمرحبا! نريد المزيد من التثبيتات 🚀📈\n\tIndented — ça marche ✨ ${tag}\nRobert'); DROP TABLE leads;--`,
  };
}

interface Tally {
  cases: number;
  refusedLocalized: number;
  accepted: number;
  storedExactly: number;
  halfStored: number;
  sent: number;
}

/**
 * Submits and expects the refusal: the exact message of the page's language shown on that
 * field (its visible accessible description), the field marked invalid, its input kept.
 */
async function submitAndExpectRefusal(
  submit: Locator,
  field: Locator,
  value: string,
  message: string,
) {
  await submit.click();
  await expect
    .poll(() =>
      field.evaluate((element: HTMLInputElement) => {
        const description = document.getElementById(element.getAttribute("aria-describedby") ?? "");
        return {
          invalid: element.getAttribute("aria-invalid"),
          message: description?.checkVisibility() ? description.textContent : null,
          kept: element.value,
        };
      }),
    )
    .toEqual({ invalid: "true", message, kept: value });
}

async function leadForm(page: Page, locale: Locale, variant: Variant, tag: string, tally: Tally) {
  const source = variant === "contact" ? "contact" : locale === "en" ? "homepage" : "services";
  const path = pathFor(
    variant === "contact" ? "contact" : locale === "en" ? "home" : "services",
    locale,
  );
  const t = dictionaries[locale].leadForm;
  await page.goto(path);
  await waitForForms(page);
  const form = page.getByTestId(`lead-form-${variant}`);
  const fields = leadFields(form, locale, variant);
  const submit = form.getByRole("button", {
    name: variant === "audit" ? t.submitAudit : t.submitContact,
  });
  const base: Partial<Record<Field, string>> = {
    name: `Base ${tag}`,
    email: uniqueEmail(`input-base-${tag}`),
    message: `Base message ${tag}`,
  };

  for (const [name, value] of Object.entries(base)) await fields[name as Field].fill(value);
  let dirty: Field | null = null;
  for (const bad of badLeadCases(locale, variant, tag)) {
    tally.cases += 1;
    // The previous case's field goes back to a valid value: each case fails on its own field.
    if (dirty && dirty !== bad.field) await fields[dirty].fill(base[dirty] ?? "");
    await fields[bad.field].fill(bad.value);
    dirty = bad.field;
    await submitAndExpectRefusal(submit, fields[bad.field], bad.value, bad.message);
    tally.refusedLocalized += 1;
  }
  if (dirty) await fields[dirty].fill(base[dirty] ?? "");

  if (variant === "audit") {
    // A budget the list does not offer (a forged option).
    tally.cases += 1;
    const budget = form.getByLabel(t.fields.budget.label);
    await budget.evaluate((select: HTMLSelectElement) => {
      select.add(new Option("forged", "<script>alert(1)</script>"));
    });
    await budget.selectOption("<script>alert(1)</script>");
    await submitAndExpectRefusal(
      submit,
      budget,
      "<script>alert(1)</script>",
      t.errors.budgetInvalid,
    );
    tally.refusedLocalized += 1;
    await budget.selectOption({ label: t.budgets.notSure });
  }

  // The valid, unusual lead: accepted and stored exactly.
  tally.cases += 1;
  const valid = validLead(tag);
  const email = uniqueEmail(`input-valid-${locale}-${variant}`);
  await fields.name.fill(valid.name);
  await fields.email.fill(email);
  if (variant === "audit") await fields.company.fill(valid.company);
  await fields.website.fill(valid.website);
  await fields.message.fill(valid.message);
  await submit.click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: t.success })).toBeVisible();
  await expect(page).toHaveURL(pathFor("thankYou", locale));
  tally.accepted += 1;
  const { data: rows, error } = await serviceClient().from("leads").select("*").eq("email", email);
  if (error) throw error;
  const expected = {
    name: valid.name,
    email,
    company: variant === "audit" ? valid.company : null,
    website: valid.website,
    budget: variant === "audit" ? "Not sure yet" : null,
    message: valid.message,
    source,
    language: locale,
  };
  const exact = rows.filter((row) =>
    Object.entries(expected).every(([key, value]) => row[key as keyof typeof row] === value),
  );
  tally.storedExactly += exact.length === 1 && rows.length === 1 ? 1 : 0;
  tally.halfStored += rows.length - exact.length;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(expected);
}

async function newsletter(page: Page, locale: Locale, tag: string, tally: Tally) {
  const t = dictionaries[locale];
  const e = t.leadForm.errors;
  await page.goto(pathFor("blog", locale));
  await waitForForms(page);
  const section = page.getByRole("region", { name: t.newsletter.heading });
  const input = section.getByLabel(t.newsletter.label);
  const submit = section.getByRole("button", { name: t.newsletter.submit });
  const bad = [
    `${tag}${"a".repeat(5_000)}@example.com`,
    "not-an-email",
    "first last@example.com",
    `nul\u0000${tag}@example.com`,
    `'; drop table newsletter_subscribers; --@example`,
  ];
  for (const value of bad) {
    tally.cases += 1;
    await input.fill(value);
    await submitAndExpectRefusal(submit, input, value, e.emailInvalid);
    tally.refusedLocalized += 1;
  }
  // SQL meta-characters are legal in an address: stored exactly as typed.
  tally.cases += 1;
  const email = `o'brien+${tag}-${locale}--@example.com`;
  await input.fill(email);
  await submit.click();
  await expect(section.getByRole("status")).toHaveText(t.newsletter.success);
  tally.accepted += 1;
  const rows = await subscribersFor(email);
  const exact = rows.filter((row) => row.email === email && row.language === locale);
  tally.storedExactly += exact.length === 1 && rows.length === 1 ? 1 : 0;
  tally.halfStored += rows.length - exact.length;
  expect(rows).toEqual([expect.objectContaining({ email, language: locale })]);
}

/** Rows that mention the tag anywhere, in both tables. */
async function storedWithTag(tag: string) {
  const leads = await serviceClient()
    .from("leads")
    .select("id")
    .or(`name.ilike.*${tag}*,email.ilike.*${tag}*,company.ilike.*${tag}*,message.ilike.*${tag}*`);
  const subscribers = await serviceClient()
    .from("newsletter_subscribers")
    .select("id")
    .ilike("email", `%${tag}%`);
  if (leads.error) throw leads.error;
  if (subscribers.error) throw subscribers.error;
  return leads.data.length + subscribers.data.length;
}

test.beforeEach(async ({ page }) => {
  await rememberConsent(page, "denied");
});

for (const locale of ["en", "fr"] as const) {
  test(`${locale}: bad input is refused in ${locale === "en" ? "English" : "French"} with the input kept, unusual input is stored exactly`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const tally: Tally = {
      cases: 0,
      refusedLocalized: 0,
      accepted: 0,
      storedExactly: 0,
      halfStored: 0,
      sent: 0,
    };
    let stored = -1;
    // Every request that would store something; refused input never sends one.
    page.on("request", (request) => {
      if (
        request.method() === "POST" &&
        /\/rest\/v1\/(leads|rpc\/newsletter_subscribe)\b/.test(request.url())
      )
        tally.sent += 1;
    });
    try {
      // The French messages are the French dictionary's, not English ones.
      if (locale === "fr") {
        expect(dictionaries.fr.leadForm.errors.emailInvalid).toBe(
          "Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.",
        );
        expect(dictionaries.fr.leadForm.errors.tooLong(5000)).toMatch(
          /^Veuillez ne pas dépasser 5\s000 caractères\.$/,
        );
      }
      await leadForm(page, locale, "contact", tag, tally);
      await leadForm(page, locale, "audit", tag, tally);
      await newsletter(page, locale, tag, tally);
      stored = await storedWithTag(tag);
    } finally {
      const figures: Figure[] = [
        {
          area: "input",
          check: `forms (${locale}): contact, ${locale === "en" ? "home" : "services"}, newsletter`,
          backend: "Chromium",
          value: `${tally.cases} cases: ${tally.refusedLocalized} refused with the ${locale === "en" ? "English" : "French"} inline message and the input kept, ${tally.storedExactly}/${tally.accepted} unusual ones stored exactly`,
          ok:
            tally.refusedLocalized + tally.accepted === tally.cases &&
            tally.storedExactly === tally.accepted,
        },
        {
          area: "input",
          check: `half-stored or extra rows (${locale})`,
          backend: "Chromium",
          value: `${tally.halfStored} altered, ${stored - tally.accepted} stored from refused input, ${tally.sent - tally.accepted} requests sent for refused input`,
          ok: tally.halfStored === 0 && stored === tally.accepted && tally.sent === tally.accepted,
        },
      ];
      recordFigures(`browser-input-${locale}`, "Chromium", figures);
    }
    expect(tally.sent, "requests sent (only the accepted cases)").toBe(tally.accepted);
    expect(stored, "rows stored (only the accepted cases)").toBe(tally.accepted);
  });
}

// The database refuses C1 controls in single-line fields: the form says so on the field.
test("fr: a C1 control character gets the inline message, not the failure toast", async ({
  page,
}) => {
  const t = dictionaries.fr.leadForm;
  await page.goto(pathFor("contact", "fr"));
  await waitForForms(page);
  const form = page.getByTestId("lead-form-contact");
  const fields = leadFields(form, "fr", "contact");
  await fields.name.fill("Ana\u0085Bell");
  await fields.email.fill(uniqueEmail("input-c1"));
  await fields.message.fill("Bonjour");
  await form.getByRole("button", { name: t.submitContact }).click();
  await expect(form.getByText(t.errors.invalidCharacters, { exact: true })).toBeVisible();
  await expect(fields.name).toHaveAccessibleDescription(t.errors.invalidCharacters);
});

// The database refuses quoted-local-part punctuation in addresses: the forms say so on the field.
test("fr: an address with a comma gets the inline message, on the contact form and the newsletter", async ({
  page,
}) => {
  const t = dictionaries.fr;
  const address = "jean,dupont@exemple.fr";
  await page.goto(pathFor("contact", "fr"));
  await waitForForms(page);
  const form = page.getByTestId("lead-form-contact");
  const fields = leadFields(form, "fr", "contact");
  await fields.name.fill("Jean Dupont");
  await fields.email.fill(address);
  await fields.message.fill("Bonjour");
  await submitAndExpectRefusal(
    form.getByRole("button", { name: t.leadForm.submitContact }),
    fields.email,
    address,
    t.leadForm.errors.emailInvalid,
  );

  await page.goto(pathFor("blog", "fr"));
  await waitForForms(page);
  const section = page.getByRole("region", { name: t.newsletter.heading });
  const input = section.getByLabel(t.newsletter.label);
  await input.fill(address);
  await submitAndExpectRefusal(
    section.getByRole("button", { name: t.newsletter.submit }),
    input,
    address,
    t.leadForm.errors.emailInvalid,
  );
});
