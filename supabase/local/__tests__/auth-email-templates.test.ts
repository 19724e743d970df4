// Auth's e-mail templates: the Go-template subset the stack renders, and config.toml's
// templates compiled at start (a construct the stack does not know stops it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileEmailTemplate, EmailTemplateError } from "../src/auth/email-templates.ts";
import { ProjectConfigError, readProjectConfig } from "../src/project-config.ts";
import { languageCodes } from "../../../shared/languages.ts";
import { brand } from "../../../shared/site.ts";

const DATA = {
  ConfirmationURL: "http://127.0.0.1:54321/auth/v1/verify?token=abc&type=invite",
  Token: "123456",
  TokenHash: "abc",
  SiteURL: "http://127.0.0.1:5173",
  RedirectTo: "http://127.0.0.1:5173",
  Email: "a@example.com",
  Data: { language: "fr" } as Record<string, unknown>,
};

describe("compileEmailTemplate", () => {
  it("renders fields, .Data keys, if/else with eq and constants, HTML-escaped", () => {
    const template = compileEmailTemplate(
      `{{- $brand := "A&B" -}}
{{ if eq .Data.language "fr" }}Bonjour {{ .Email }}{{ else }}Hello{{ end }} {{ $brand }} <a href="{{ .ConfirmationURL }}">`,
      "test",
    );
    expect(template.render(DATA)).toBe(
      `Bonjour a@example.com A&amp;B <a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=invite">`,
    );
    expect(template.render({ ...DATA, Data: {} })).toBe(
      `Hello A&amp;B <a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=invite">`,
    );
  });

  it("refuses what it does not know instead of printing it", () => {
    for (const source of [
      "{{ .Nope }}",
      "{{ range .Data }}{{ end }}",
      "{{ if .Email }}",
      "{{ end }}",
    ]) {
      expect(() => compileEmailTemplate(source, "test")).toThrow(EmailTemplateError);
    }
  });
});

describe("[auth.email.template.<type>]", () => {
  it("the project's invite and recovery templates compile", () => {
    const config = readProjectConfig(path.resolve("supabase/config.toml"));
    expect(Object.keys(config.emailTemplates).sort()).toEqual(["invite", "recovery"]);
    expect(config.emailOtpExpiry).toBe(86400);
  });

  it("a template the stack cannot render stops the start, naming it", () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "auth-templates-"));
    fs.mkdirSync(path.join(project, "supabase"));
    fs.writeFileSync(path.join(project, "bad.html"), '{{ template "x" }}');
    const file = path.join(project, "supabase", "config.toml");
    fs.writeFileSync(
      file,
      `[auth]\nenable_signup = false\n[auth.email.template.invite]\ncontent_path = "./bad.html"\n`,
    );
    expect(() => readProjectConfig(file)).toThrow(ProjectConfigError);
    expect(() => readProjectConfig(file)).toThrow(
      /\[auth\.email\.template\.invite\]: \.\/bad\.html/,
    );
  });
});

describe("the project's templates", () => {
  it("name the brand as shared/site.ts does, and speak each language of the site", () => {
    const directory = path.resolve("supabase/templates");
    const files = fs.readdirSync(directory).filter((name) => name.endsWith(".html"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = fs.readFileSync(path.join(directory, file), "utf8");
      expect(source, file).toContain(`{{- $brand := "${brand.name}" -}}`);
      const template = compileEmailTemplate(source, file);
      for (const language of languageCodes) {
        expect(
          template.render({ ...DATA, Data: { language } }),
          `${file} in ${language}`,
        ).toContain(`lang=${language}`);
      }
    }
  });

  it("have subjects that name the brand in every site language", () => {
    const { emailTemplates } = readProjectConfig(path.resolve("supabase/config.toml"));
    for (const [type, template] of Object.entries(emailTemplates)) {
      for (const language of languageCodes) {
        expect(template.subject?.render({ ...DATA, Data: { language } }), type).toContain(
          brand.name,
        );
      }
    }
  });
});
