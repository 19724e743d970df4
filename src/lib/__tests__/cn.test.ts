import { describe, expect, it } from "vitest";
import { cn } from "../cn";

describe("cn", () => {
  it("keeps a brand type size next to a text colour", () => {
    expect(cn("text-headline", "text-muted-foreground")).toBe(
      "text-headline text-muted-foreground",
    );
  });

  it("lets a later size or colour win", () => {
    expect(cn("text-sm text-headline")).toBe("text-headline");
    expect(cn("text-primary", "text-foreground")).toBe("text-foreground");
  });
});
