// The functions' senders: brand-free defaults in the functions (a hosted deploy cannot read
// src/), and local defaults named after the brand of shared/site.ts, which a secret overrides.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { brand } from "../../../shared/site.ts";
import { functionEnv } from "../src/function-env.ts";

const saved = {
  NEWSLETTER_FROM: process.env.NEWSLETTER_FROM,
  LEAD_NOTIFICATION_FROM: process.env.LEAD_NOTIFICATION_FROM,
};
const directories: string[] = [];

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const directory of directories.splice(0)) {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

function envOf(dotenv = "") {
  const functionsDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-senders-"));
  directories.push(functionsDir);
  fs.writeFileSync(path.join(functionsDir, ".env"), dotenv);
  return functionEnv({
    functionsDir,
    hosted: {},
    localResend: { url: "http://127.0.0.1:1/__local/resend/emails", apiKey: "re_local_x" },
    siteUrl: "http://127.0.0.1:5200",
  });
}

describe("the e-mail senders of the local functions", () => {
  it("are named after the brand", () => {
    delete process.env.NEWSLETTER_FROM;
    delete process.env.LEAD_NOTIFICATION_FROM;
    const env = envOf();
    expect(env.NEWSLETTER_FROM).toBe(`${brand.name} <newsletter@example.com>`);
    expect(env.LEAD_NOTIFICATION_FROM).toBe(`${brand.name} <notifications@example.com>`);
  });

  it("give way to the environment and to supabase/functions/.env", () => {
    process.env.NEWSLETTER_FROM = "Shell <news@shell.example>";
    expect(envOf().NEWSLETTER_FROM).toBe("Shell <news@shell.example>");
    expect(envOf("NEWSLETTER_FROM=Dotenv <news@dotenv.example>\n").NEWSLETTER_FROM).toBe(
      "Dotenv <news@dotenv.example>",
    );
  });
});

describe("the functions' own defaults", () => {
  it("name no brand", () => {
    for (const handler of ["newsletter", "send-lead-notification"]) {
      const source = fs.readFileSync(
        path.join(import.meta.dirname, "..", "..", "functions", handler, "handler.ts"),
        "utf8",
      );
      expect(source, handler).not.toMatch(new RegExp(brand.name, "i"));
    }
  });
});
