import { staffPath } from "@/config/routes";
import { returnPathFrom, signInPathFor } from "../lib/return-path";

describe("the sign-in form's way back", () => {
  it("leads back to the editor page that sent a signed-out visitor to sign in", () => {
    const signIn = new URL(
      signInPathFor({ pathname: "/blog-editor/3f2a", search: "?from=list" }),
      "http://localhost",
    );
    expect(signIn.pathname).toBe(staffPath("admin"));
    expect(returnPathFrom(signIn.searchParams.get("next"))).toBe("/blog-editor/3f2a?from=list");
  });

  it.each([
    ["another site", "https://evil.example/blog-editor/new"],
    ["a protocol-relative address", "//evil.example/blog-editor/new"],
    ["a backslash trick", "/\\evil.example/blog-editor/new"],
    ["a public page", "/blog"],
    ["the sign-in page itself", "/admin"],
    ["nothing", null],
  ])("goes nowhere for %s", (_, value) => {
    expect(returnPathFrom(value)).toBeNull();
  });
});
