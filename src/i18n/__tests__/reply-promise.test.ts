import { describe, expect, it } from "vitest";
import { agencyHours, replyPromise } from "@shared/site.ts";
import { en } from "../en";
import { fr } from "../fr";

// The dictionaries write the promise as plain text: every public page loads them, and reading
// shared/site.ts there would cost the blog page's JavaScript budget. This holds them to it.

/** Every "N hours" / "N heures" a text promises. */
function promisedHours(text: string): number[] {
  return [...text.matchAll(/(\d+)\s(?:hours|heures)\b/g)].map((match) => Number(match[1]));
}

/** The hour of an agencyHours time ("09:00" → 9). */
const hourOf = (time: string) => Number(time.split(":")[0]);

describe("the pages' descriptions keep the site's reply promise", () => {
  const descriptions = {
    "en contact": en.meta.contact.description,
    "en thank-you": en.meta.thankYou.description,
    "fr contact": fr.meta.contact.description,
    "fr thank-you": fr.meta.thankYou.description,
  };

  for (const [page, description] of Object.entries(descriptions)) {
    it(`${page}: replies within replyPromise.withinHours`, () => {
      expect(promisedHours(description)).toEqual([replyPromise.withinHours]);
    });
  }

  it("contact: the agency's hours", () => {
    const opens = hourOf(agencyHours.opens);
    const closes = hourOf(agencyHours.closes);
    expect(en.meta.contact.description).toContain(`${opens}:00 to ${closes}:00 CET`);
    expect(fr.meta.contact.description).toMatch(new RegExp(`de ${opens}\\sh à ${closes}\\sh`));
  });
});
