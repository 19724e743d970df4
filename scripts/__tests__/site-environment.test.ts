// The contact settings: each one the build leaves unset is named in one line, and the site shows
// an address of the reserved example domain instead, never a guess at a real one.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { contactPlaceholders } from "../../shared/site.ts";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { contactSettingWarnings, productionBuildProblem } from "../lib/site-environment.ts";

const adopter = {
  VITE_CONTACT_EMAIL: "hello@agency.example",
  VITE_CALENDAR_URL: "https://calendar.agency.example/free-consultation",
  VITE_LINKEDIN_URL: "https://social.agency.example/company/agency",
};
const unset = { VITE_CONTACT_EMAIL: "", VITE_CALENDAR_URL: " ", VITE_LINKEDIN_URL: "" };

describe("the contact placeholders", () => {
  it("are addresses of the reserved example domain", () => {
    expect(contactPlaceholders.VITE_CONTACT_EMAIL).toMatch(/@example\.com$/);
    for (const url of [
      contactPlaceholders.VITE_CALENDAR_URL,
      contactPlaceholders.VITE_LINKEDIN_URL,
    ]) {
      expect(new URL(url).protocol).toBe("https:");
      expect(new URL(url).hostname).toMatch(/(^|\.)example\.com$/);
    }
  });
});

describe("contactSettingWarnings", () => {
  it("says nothing when every contact setting is set and well formed", () => {
    expect(contactSettingWarnings(adopter)).toEqual([]);
  });

  it("names each unset setting and the placeholder shown instead, one line each", () => {
    const warnings = contactSettingWarnings(unset);
    expect(warnings).toEqual([
      "VITE_CONTACT_EMAIL is not set: the site shows the placeholder hello@example.com; set it in the environment or .env",
      "VITE_CALENDAR_URL is not set: the site shows the placeholder https://cal.example.com/your-agency; set it in the environment or .env",
      "VITE_LINKEDIN_URL is not set: the site shows the placeholder https://linkedin.example.com/company/your-agency; set it in the environment or .env",
    ]);
    expect(contactSettingWarnings({ ...adopter, VITE_CALENDAR_URL: undefined })).toEqual([
      expect.stringMatching(/^VITE_CALENDAR_URL is not set/),
    ]);
  });

  it("names a setting that is not what it should be", () => {
    expect(
      contactSettingWarnings({
        VITE_CONTACT_EMAIL: "hello at agency",
        VITE_CALENDAR_URL: "calendar.agency.example",
        VITE_LINKEDIN_URL: "http://social.agency.example",
      }),
    ).toEqual([
      "VITE_CONTACT_EMAIL is not an e-mail address (hello at agency)",
      "VITE_CALENDAR_URL is not an https:// address (calendar.agency.example)",
      "VITE_LINKEDIN_URL is not an https:// address (http://social.agency.example)",
    ]);
  });
});

describe("productionBuildProblem and the site's scheme", () => {
  const project = {
    VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_adopter-key",
    VITE_SITE_URL: "https://www.agency.example",
  };

  it("refuses an http:// Supabase URL for an https:// site, whose browsers would block it", () => {
    expect(
      productionBuildProblem({ ...project, VITE_SUPABASE_URL: "http://api.agency.example" }),
    ).toBe(
      "VITE_SUPABASE_URL is http:// (http://api.agency.example) but the site is https:// (https://www.agency.example), whose browsers refuse to call it: use the project's https:// address",
    );
  });

  it("accepts http:// for both (a rehearsal on this network) and https:// for both", () => {
    expect(
      productionBuildProblem({
        ...project,
        VITE_SUPABASE_URL: "http://build-host:54321",
        VITE_SITE_URL: "http://build-host:4173",
      }),
    ).toBeNull();
    expect(
      productionBuildProblem({ ...project, VITE_SUPABASE_URL: "https://abcdefgh.supabase.co" }),
    ).toBeNull();
  });
});

describe("vite build", () => {
  // The production build without a Supabase URL stops as soon as its settings are read: enough
  // to see what it prints about the contact settings, without bundling anything.
  function build(env: Record<string, string>) {
    return spawnSync("npx", ["vite", "build"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        VITE_SUPABASE_URL: "",
        DIST_DIR: "node_modules/.tmp/refused-build",
        ...env,
      },
      encoding: "utf8",
      timeout: 120_000,
    });
  }
  const warningLines = (output: string) =>
    output.split("\n").filter((line) => line.startsWith("Build warning: "));

  it("prints one warning line per unset contact setting", () => {
    const result = build(unset);
    expect(result.status).not.toBe(0);
    expect(warningLines(result.stderr)).toEqual([
      "Build warning: VITE_CONTACT_EMAIL is not set: the site shows the placeholder hello@example.com; set it in the environment or .env.",
      "Build warning: VITE_CALENDAR_URL is not set: the site shows the placeholder https://cal.example.com/your-agency; set it in the environment or .env.",
      "Build warning: VITE_LINKEDIN_URL is not set: the site shows the placeholder https://linkedin.example.com/company/your-agency; set it in the environment or .env.",
    ]);
  });

  it("prints none when they are set", () => {
    const result = build(adopter);
    expect(result.stderr).toContain("The production build stops: VITE_SUPABASE_URL is not set");
    expect(warningLines(result.stderr)).toEqual([]);
  });
});
