// Auth's limits per client address as hosted GoTrue applies them (30 requests at once per route
// group and address, then 429 over_request_rate_limit), and the MFA verification attempt hook run
// as hosted Auth runs it when config.toml enables it. Each client stands for one visitor: the
// stack takes the first X-Forwarded-For entry of a request from this machine.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_FILE, DEFAULT_MIGRATIONS_DIR } from "../src/config.ts";
import { ProjectConfigError, readProjectConfig } from "../src/project-config.ts";
import {
  answer,
  BURST,
  codeFor,
  configWithMfaHook,
  firstRefusal,
  fromAddress,
  memberWithFactor,
  wrongCodes,
} from "./auth-attempts.ts";
import { readOutbox, startTestStack, type TestStack } from "./helpers.ts";

const STAFF = { email: "staff@example.com", password: "staff-password-for-limits" };
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seedAdmin: STAFF });
});

afterAll(async () => {
  await stack?.close();
});

describe("token verifications (/verify)", () => {
  it("refuses the 31st wrong recovery code from one address with 429, not another address's", async () => {
    const attacker = fromAddress(stack, "198.51.100.10");
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const code = String(100000 + i);
      const { error } = await attacker.auth.verifyOtp({
        email: STAFF.email,
        token: code,
        type: "recovery",
      });
      answers.push(answer(error));
    }
    expect(firstRefusal(answers)).toBe(BURST + 1);
    expect(answers.slice(0, BURST).every((one) => one === "403 otp_expired")).toBe(true);
    expect(answers.slice(BURST).every((one) => one === "429 over_request_rate_limit")).toBe(true);
    const other = await fromAddress(stack, "198.51.100.11").auth.verifyOtp({
      email: STAFF.email,
      token: "000000",
      type: "recovery",
    });
    expect(answer(other.error)).toBe("403 otp_expired");
  });

  it("counts the e-mail's GET link too, and answers its 429 as JSON", async () => {
    const headers = { "X-Forwarded-For": "198.51.100.12" };
    const statuses: number[] = [];
    for (let i = 0; i <= BURST; i++) {
      const response = await fetch(`${stack.url}/auth/v1/verify?type=recovery&token=made-up-${i}`, {
        headers,
        redirect: "manual",
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({
          code: 429,
          error_code: "over_request_rate_limit",
          msg: "Request rate limit reached",
        });
      }
    }
    expect(statuses.indexOf(429) + 1).toBe(BURST + 1);
  });
});

describe("password recovery (/recover)", () => {
  it("refuses the 31st request from one address whatever the addresses asked for", async () => {
    const asker = fromAddress(stack, "198.51.100.20");
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const { error } = await asker.auth.resetPasswordForEmail(`nobody-${i}@example.com`);
      answers.push(answer(error));
    }
    expect(firstRefusal(answers)).toBe(BURST + 1);
    expect(answers.slice(0, BURST).every((one) => one === "200")).toBe(true);
    const other = await fromAddress(stack, "198.51.100.21").auth.resetPasswordForEmail(
      "nobody@example.com",
    );
    expect(other.error).toBeNull();
  });
});

describe("session refreshes (/token)", () => {
  it("refuses the 31st refresh from one address", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${stack.url}/auth/v1/token?grant_type=refresh_token`, {
        method: "POST",
        headers: {
          apikey: stack.anonKey,
          "content-type": "application/json",
          "X-Forwarded-For": "198.51.100.30",
        },
        body: JSON.stringify({ refresh_token: `made-up-${i}` }),
      });
      const body = (await response.json()) as { error_code?: string };
      answers.push(`${response.status} ${body.error_code}`);
    }
    expect(firstRefusal(answers)).toBe(BURST + 1);
    expect(answers[0]).toBe("400 refresh_token_not_found");
  });
});

describe("two-factor codes (/factors/:id/verify)", () => {
  it("refuses the 31st wrong code from one address with 429, not another address's", async () => {
    const member = await memberWithFactor(stack, "totp-limits@example.com", "198.51.100.40");
    const answers = await wrongCodes(member.visitor, member.factorId, member.secret, 40);
    expect(firstRefusal(answers)).toBe(BURST + 1);
    expect(answers.slice(0, BURST).every((one) => one === "422 mfa_verification_failed")).toBe(
      true,
    );
    const elsewhere = fromAddress(stack, "198.51.100.41");
    await elsewhere.auth.signInWithPassword({ email: member.email, password: member.password });
    expect(await wrongCodes(elsewhere, member.factorId, member.secret, 1)).toEqual([
      "422 mfa_verification_failed",
    ]);
  });
});

describe("the MFA verification attempt hook", () => {
  let hooked: TestStack;
  let configFile: string;
  let removeCopy = () => {};

  beforeAll(async () => {
    const copy = configWithMfaHook();
    configFile = copy.file;
    removeCopy = copy.remove;
    hooked = await startTestStack({ migrationsDir: DEFAULT_MIGRATIONS_DIR, configFile });
  }, 120_000);

  afterAll(async () => {
    await hooked?.close();
    removeCopy();
  });

  it("is off in supabase/config.toml, and read when enabled", () => {
    expect(readProjectConfig(DEFAULT_CONFIG_FILE).mfaVerificationHook).toBeNull();
    expect(readProjectConfig(configFile).mfaVerificationHook).toBe(
      '"public"."hook_mfa_verification_attempt"',
    );
  });

  it("refuses a uri the local stack cannot run", () => {
    const file = path.join(path.dirname(configFile), "http-hook.toml");
    fs.writeFileSync(
      file,
      fs
        .readFileSync(configFile, "utf8")
        .replace(
          'uri = "pg-functions://postgres/public/hook_mfa_verification_attempt"',
          'uri = "https://example.com/hook"',
        ),
    );
    expect(() => readProjectConfig(file)).toThrow(ProjectConfigError);
  });

  it("rejects a member's 11th code after 10 wrong ones from any addresses, and ends their sessions", async () => {
    // A member with a few typos still gets in.
    const typist = await memberWithFactor(hooked, "typo@example.com", "203.0.113.80");
    expect(await wrongCodes(typist.visitor, typist.factorId, typist.secret, 3)).toEqual(
      Array(3).fill("422 mfa_verification_failed"),
    );
    const typed = await typist.visitor.auth.mfa.challengeAndVerify({
      factorId: typist.factorId,
      code: codeFor(typist.secret),
    });
    expect(typed.error).toBeNull();

    const member = await memberWithFactor(hooked, "hooked@example.com", "203.0.113.50");
    const answers: string[] = [];
    // Ten visitors, one wrong code each: hosted Auth's per-address limit never sees them.
    for (let i = 0; i < 10; i++) {
      const visitor = fromAddress(hooked, `203.0.113.${60 + i}`);
      await visitor.auth.signInWithPassword({ email: member.email, password: member.password });
      answers.push(...(await wrongCodes(visitor, member.factorId, member.secret, 1)));
    }
    expect(answers).toEqual(Array(10).fill("422 mfa_verification_failed"));
    const challenge = await member.visitor.auth.mfa.challenge({ factorId: member.factorId });
    const right = await member.visitor.auth.mfa.verify({
      factorId: member.factorId,
      challengeId: challenge.data!.id,
      code: codeFor(member.secret),
    });
    expect(right.error).toMatchObject({ status: 403, code: "mfa_verification_rejected" });
    expect(right.error?.message).toBe("Too many wrong codes. Wait 10 minutes, then sign in again.");
    const sessions = await hooked.db.query<{ count: number }>(
      `select count(*)::int as count from auth.sessions
       where user_id = (select id from auth.users where email = $1)`,
      [member.email],
    );
    expect(sessions.rows[0]!.count).toBe(0);
  });
});

describe("Auth's e-mails per project ([auth.rate_limit] email_sent)", () => {
  let mailing: TestStack;

  beforeAll(async () => {
    mailing = await startTestStack({ seedAdmin: STAFF });
  });

  afterAll(async () => {
    await mailing?.close();
  });

  it("sends email_sent e-mails an hour, whoever they are for, then answers 429 and stores no link", async () => {
    const { emailsSent } = readProjectConfig(DEFAULT_CONFIG_FILE).rateLimits;
    const answers: string[] = [];
    for (let i = 0; i <= emailsSent; i++) {
      const { error } = await mailing.service.auth.admin.inviteUserByEmail(
        `invitee-${i}@example.com`,
      );
      answers.push(answer(error));
    }
    expect(answers.slice(0, emailsSent).every((one) => one === "200")).toBe(true);
    expect(answers[emailsSent]).toBe("429 over_email_send_rate_limit");
    // A password reset from anywhere meets the same count, and its account gets no new link.
    const reset = await fromAddress(mailing, "198.51.100.90").auth.resetPasswordForEmail(
      STAFF.email,
    );
    expect(answer(reset.error)).toBe("429 over_email_send_rate_limit");
    const tokens = await mailing.db.query<{ recovery_token: string | null }>(
      `select recovery_token from auth.users where email = $1`,
      [STAFF.email],
    );
    expect(tokens.rows[0]!.recovery_token ?? "").toBe("");
    const mails = await readOutbox(mailing);
    expect(mails.filter((mail) => mail.sentBy === "Supabase Auth")).toHaveLength(emailsSent);
  });
});
