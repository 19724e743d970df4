import { describe, expect, it } from "vitest";
import { elide } from "../grammar";

describe("elide", () => {
  it("elides before a vowel and keeps the word before a consonant", () => {
    expect(elide("de", "Orchardly")).toBe("d'Orchardly");
    expect(elide("de", "Northwind")).toBe("de Northwind");
    expect(elide("la", "Zeta")).toBe("la Zeta");
    expect(elide("que", "Umbra")).toBe("qu'Umbra");
  });

  it("reads accented vowels, either case, as vowels", () => {
    expect(elide("de", "Élan")).toBe("d'Élan");
    expect(elide("de", "être")).toBe("d'être");
    expect(elide("de", "Île Verte")).toBe("d'Île Verte");
    expect(elide("de", "Œuvre")).toBe("d'Œuvre");
    // The decomposed spelling of É (E + combining accent) too.
    expect(elide("de", "E\u0301toile")).toBe("d'E\u0301toile");
  });

  it("takes an h as mute", () => {
    expect(elide("de", "Hélios")).toBe("d'Hélios");
  });

  it("reads a y as a vowel unless a vowel follows it", () => {
    expect(elide("de", "Yves")).toBe("d'Yves");
    expect(elide("de", "Yahoo")).toBe("de Yahoo");
  });

  it("never elides before a digit or a symbol", () => {
    expect(elide("de", "3M")).toBe("de 3M");
    expect(elide("de", "@home")).toBe("de @home");
  });
});
