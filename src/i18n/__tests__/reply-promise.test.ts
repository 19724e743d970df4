import { describe, expect, it } from "vitest";
import { agencyHours, replyPromise } from "@shared/agency-hours.ts";
import { contactContent } from "@/content/contact";
import { thankYouContent } from "@/content/thank-you";
import { en } from "../en";
import { fr } from "../fr";

// The copy writes the promise as plain text: reading shared/agency-hours.ts there would put it
// in the bundle of pages that only show the words. This holds every sentence to it, so a change
// of the promise or of the hours names each sentence to rewrite, in both languages.

/** Every "N hours" / "N heures" / "Nh" / "N h" a text promises. */
function promisedHours(text: string): number[] {
  return [...text.matchAll(/(\d+)(?:\s?h\b|\s(?:hours|heures)\b)/g)].map((match) =>
    Number(match[1]),
  );
}

/** The hour of an agencyHours time ("09:00" → 9). */
const hourOf = (time: string) => Number(time.split(":")[0]);
const opens = hourOf(agencyHours.opens);
const closes = hourOf(agencyHours.closes);

const promiseSentences = {
  "en contact description": en.meta.contact.description,
  "en thank-you description": en.meta.thankYou.description,
  "fr contact description": fr.meta.contact.description,
  "fr thank-you description": fr.meta.thankYou.description,
  "en contact intro": contactContent.en.hero.intro,
  "fr contact intro": contactContent.fr.hero.intro,
  "en contact answer": contactContent.en.faq.items[0]!.answer,
  "fr contact answer": contactContent.fr.faq.items[0]!.answer,
  "en thank-you body": thankYouContent.en.body,
  "fr thank-you body": thankYouContent.fr.body,
  "en thank-you next step": thankYouContent.en.nextSteps.items[1]!,
  "fr thank-you next step": thankYouContent.fr.nextSteps.items[1]!,
};

describe("the copy keeps the reply promise of shared/agency-hours.ts", () => {
  for (const [where, sentence] of Object.entries(promiseSentences)) {
    it(`${where}: a reply within replyPromise.withinHours`, () => {
      expect(
        promisedHours(sentence).filter((hours) => hours !== opens && hours !== closes),
      ).toEqual([replyPromise.withinHours]);
    });
  }

  it("the contact page's promise: within, on average, and the agency's hours", () => {
    for (const language of ["en", "fr"] as const) {
      const [within, average, hours] = contactContent[language].response.items;
      expect(promisedHours(within!.value)).toEqual([replyPromise.withinHours]);
      expect(promisedHours(within!.label)).toEqual([replyPromise.withinHours]);
      expect(promisedHours(average!.value)).toEqual([replyPromise.averageHours]);
      expect([...hours!.value.matchAll(/\d+/g)].map(Number).filter((n) => n !== 0)).toEqual([
        opens,
        closes,
      ]);
    }
  });

  it("the contact page's description: the agency's hours", () => {
    expect(en.meta.contact.description).toContain(`${opens}:00 to ${closes}:00 CET`);
    expect(fr.meta.contact.description).toMatch(new RegExp(`de ${opens}\\sh à ${closes}\\sh`));
  });
});
