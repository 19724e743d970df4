import { describe, expect, it } from "vitest";
import { en } from "@/i18n/en";
import { fr } from "@/i18n/fr";
import { budgetOptions } from "../lib/lead-form-config";
import { createLeadSchema } from "../lib/lead-schema";
import { emptyLeadForm, isSpam, toNewLead } from "../lib/lead-values";

const audit = createLeadSchema("audit", en.leadForm.errors);
const contact = createLeadSchema("contact", en.leadForm.errors);

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
  );
}

describe("lead schema", () => {
  it("requires name and email on the audit form, nothing else", () => {
    expect(issues(audit.safeParse(emptyLeadForm))).toEqual({
      name: en.leadForm.errors.nameRequired,
      email: en.leadForm.errors.emailRequired,
    });
    const ok = audit.safeParse({ ...emptyLeadForm, name: " Jane ", email: " jane@app.io " });
    expect(ok.success && ok.data).toMatchObject({ name: "Jane", email: "jane@app.io" });
  });

  it("also requires the message on the contact form", () => {
    expect(issues(contact.safeParse(emptyLeadForm))).toEqual({
      name: en.leadForm.errors.nameRequired,
      email: en.leadForm.errors.emailRequired,
      message: en.leadForm.errors.messageRequired,
    });
  });

  it("treats whitespace as empty", () => {
    expect(issues(audit.safeParse({ ...emptyLeadForm, name: "   ", email: "a@b.co" }))).toEqual({
      name: en.leadForm.errors.nameRequired,
    });
  });

  it.each(["plain", "a@b", "a@b.", "a b@c.de", "@example.com", "a@b.c"])(
    "refuses the e-mail %j",
    (email) => {
      expect(issues(audit.safeParse({ ...emptyLeadForm, name: "A", email }))).toEqual({
        email: en.leadForm.errors.emailInvalid,
      });
    },
  );

  it.each([
    "yourapp.com",
    "https://apps.apple.com/app/id123",
    "http://play.google.com/store/apps/details?id=a.b",
  ])("accepts the link %j", (website) => {
    expect(audit.safeParse({ ...emptyLeadForm, name: "A", email: "a@b.co", website }).success).toBe(
      true,
    );
  });

  it.each(["not a link", "javascript:alert(1)", "ftp://x.y", "https://"])(
    "refuses the link %j",
    (website) => {
      expect(
        issues(audit.safeParse({ ...emptyLeadForm, name: "A", email: "a@b.co", website })),
      ).toEqual({
        website: en.leadForm.errors.urlInvalid,
      });
    },
  );

  it("mirrors the database's length limits", () => {
    const base = { ...emptyLeadForm, name: "A", email: "a@b.co" };
    expect(audit.safeParse({ ...base, name: "n".repeat(200) }).success).toBe(true);
    expect(issues(audit.safeParse({ ...base, name: "n".repeat(201) }))).toEqual({
      name: en.leadForm.errors.tooLong(200),
    });
    expect(issues(audit.safeParse({ ...base, company: "c".repeat(201) }))).toEqual({
      company: en.leadForm.errors.tooLong(200),
    });
    expect(audit.safeParse({ ...base, message: "m".repeat(5000) }).success).toBe(true);
    expect(issues(audit.safeParse({ ...base, message: "m".repeat(5001) }))).toEqual({
      message: en.leadForm.errors.tooLong(5000),
    });
    expect(issues(audit.safeParse({ ...base, email: `${"e".repeat(316)}@b.co` }))).toEqual({
      email: en.leadForm.errors.tooLong(320),
    });
  });

  it("refuses control characters, but keeps line breaks in the message", () => {
    const base = { ...emptyLeadForm, name: "A", email: "a@b.co" };
    expect(issues(audit.safeParse({ ...base, company: "Bad\u0007Co" }))).toEqual({
      company: en.leadForm.errors.invalidCharacters,
    });
    expect(audit.safeParse({ ...base, message: "Line 1\r\n\tLine 2" }).success).toBe(true);
    expect(issues(audit.safeParse({ ...base, message: "Bell\u0007" }))).toEqual({
      message: en.leadForm.errors.invalidCharacters,
    });
  });

  it("accepts only the offered budgets", () => {
    const base = { ...emptyLeadForm, name: "A", email: "a@b.co" };
    for (const { value } of budgetOptions) {
      expect(audit.safeParse({ ...base, budget: value }).success).toBe(true);
      expect(value.length).toBeLessThanOrEqual(100);
    }
    expect(issues(audit.safeParse({ ...base, budget: "a million" }))).toEqual({
      budget: en.leadForm.errors.budgetInvalid,
    });
  });

  it("speaks French on French pages", () => {
    const schema = createLeadSchema("contact", fr.leadForm.errors);
    expect(issues(schema.safeParse({ ...emptyLeadForm, name: "A", email: "x" }))).toEqual({
      email: fr.leadForm.errors.emailInvalid,
      message: fr.leadForm.errors.messageRequired,
    });
  });
});

describe("toNewLead", () => {
  const values = {
    ...emptyLeadForm,
    name: "Jane",
    email: "jane@app.io",
    company: "Grove",
    website: "https://apps.apple.com/app/id1",
    budget: "",
    message: "Hi",
  };

  it("maps the audit form, empty optional fields becoming null", () => {
    expect(toNewLead(values, "audit", "services", "fr")).toEqual({
      name: "Jane",
      email: "jane@app.io",
      company: "Grove",
      website: "https://apps.apple.com/app/id1",
      budget: null,
      message: "Hi",
      source: "services",
      language: "fr",
    });
  });

  it("keeps fields the contact form does not show out of the row", () => {
    expect(toNewLead(values, "contact", "contact", "en")).toMatchObject({
      company: null,
      budget: null,
      website: "https://apps.apple.com/app/id1",
      message: "Hi",
      source: "contact",
      language: "en",
    });
  });
});

describe("isSpam", () => {
  it("flags a filled honeypot only", () => {
    expect(isSpam({ fax: "" })).toBe(false);
    expect(isSpam({ fax: "  " })).toBe(false);
    expect(isSpam({ fax: "123" })).toBe(true);
  });
});
