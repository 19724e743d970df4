import { describe, expect, it } from "vitest";
import { actingAccount } from "../staff-directory";

const directory = [{ user_id: "a", display_name: "Ada", email: "ada@agency.test" }];

describe("the acting account", () => {
  it("is named by the directory, never by the name stored with the act", () => {
    expect(actingAccount(directory, "a", "Bob", "Staff member")).toEqual({
      kind: "member",
      name: "Ada",
      email: "ada@agency.test",
    });
  });

  it("is a former member when the account is no longer on the team", () => {
    expect(actingAccount(directory, "z", "Zoé", "Staff member")).toEqual({
      kind: "former",
      name: "Zoé",
    });
    expect(actingAccount(directory, "z", null, "the server")).toEqual({
      kind: "former",
      name: "Staff member",
    });
  });

  it("is a former member when the account was deleted (its id set to null, its name kept)", () => {
    expect(actingAccount(directory, null, "Zoé", "the server")).toEqual({
      kind: "former",
      name: "Zoé",
    });
  });

  it("is the fallback without an account or a name, the stored name before the directory is read", () => {
    expect(actingAccount(directory, null, null, "the server")).toEqual({
      kind: "stored",
      name: "the server",
    });
    expect(actingAccount(undefined, "a", "Bob", "Staff member")).toEqual({
      kind: "stored",
      name: "Bob",
    });
  });
});
