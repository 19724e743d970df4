// @vitest-environment node
// The staff password minimum is one fact: the number the staff forms ask for is the one Auth
// enforces, [auth] minimum_password_length in supabase/config.toml (`supabase config push` sends
// it to hosted Auth; the local stack reads it from the same file).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { passwordLimits } from "../lib/new-password";

const configFile = path.resolve(import.meta.dirname, "../../../../supabase/config.toml");

describe("the staff password minimum", () => {
  it("is supabase/config.toml's [auth] minimum_password_length", () => {
    const config = parse(readFileSync(configFile, "utf8")) as {
      auth?: { minimum_password_length?: unknown };
    };
    expect(config.auth?.minimum_password_length).toBe(passwordLimits.min);
  });
});
