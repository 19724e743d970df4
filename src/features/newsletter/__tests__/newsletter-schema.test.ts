import { describe, expect, it } from "vitest";
import { createNewsletterSchema } from "../lib/newsletter-schema";

const messages = { emailRequired: "required", emailInvalid: "invalid" };
const schema = createNewsletterSchema(messages);

describe("newsletter schema", () => {
  it("trims and accepts an address", () => {
    expect(schema.parse({ email: "  reader@app.io " })).toEqual({ email: "reader@app.io" });
  });

  it("asks for an address when empty", () => {
    expect(schema.safeParse({ email: " " }).error?.issues[0]?.message).toBe("required");
  });

  it.each(["reader", "reader@app", "reader@@app.io", "a b@app.io", `${"r".repeat(320)}@app.io`])(
    "refuses %j",
    (email) => {
      expect(schema.safeParse({ email }).error?.issues[0]?.message).toBe("invalid");
    },
  );
});
