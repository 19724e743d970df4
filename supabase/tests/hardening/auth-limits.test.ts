// Guessing e-mailed codes and two-factor codes against the project's own stack (its migrations,
// seed and supabase/config.toml): one client address meets hosted Auth's limit (the 31st request
// of a burst answers 429 over_request_rate_limit) while another address is unaffected, and, with
// the MFA verification attempt hook on (Team and Enterprise plans on hosted Supabase), a member
// guessed at from many addresses is cut off after 10 wrong codes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  BURST,
  codeFor,
  configWithMfaHook,
  firstRefusal,
  fromAddress,
  memberWithFactor,
  wrongCodes,
} from "../../local/__tests__/auth-attempts.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { BACKEND, runMarker, startProjectStack, suiteFigures } from "./support.ts";

const STAFF = { email: "staff@appgrove.test", password: "staff-password-for-auth-limits" };
const TRIES = 40;
const marker = runMarker("auth-limits");
const { figures, figure } = suiteFigures("access");

let stack: TestStack;

beforeAll(async () => {
  stack = await startProjectStack({ seedAdmin: STAFF });
}, 120_000);

afterAll(async () => {
  recordFigures("auth-limits", BACKEND, figures);
  await stack?.close();
});

const refusalFigure = (answers: string[]) => {
  const first = firstRefusal(answers);
  return first ? `first 429 at try ${first} of ${answers.length}` : `no 429 in ${answers.length}`;
};

describe(`guessing codes from one address (${BACKEND})`, () => {
  it("meets 429 by the 31st wrong recovery code for a staff address; another address does not", async () => {
    const guesser = fromAddress(stack, "198.51.100.50");
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const { error } = await guesser.auth.verifyOtp({
        email: STAFF.email,
        token: String(200000 + i * 37),
        type: "recovery",
      });
      answers.push(answer(error));
    }
    const other = await fromAddress(stack, "198.51.100.51").auth.verifyOtp({
      email: STAFF.email,
      token: "999999",
      type: "recovery",
    });
    const ok = firstRefusal(answers) > 0 && firstRefusal(answers) <= BURST + 1;
    figure("wrong recovery codes, one address", refusalFigure(answers), ok);
    figure(
      "a recovery code from another address meanwhile",
      answer(other.error),
      answer(other.error) === "403 otp_expired",
    );
    expect(firstRefusal(answers)).toBeGreaterThan(0);
    expect(firstRefusal(answers)).toBeLessThanOrEqual(BURST + 1);
    expect(answer(other.error)).toBe("403 otp_expired");
  });

  it("meets 429 by the 31st wrong TOTP code for one factor; another address does not", async () => {
    const member = await memberWithFactor(stack, `${marker}@appgrove.test`, "198.51.100.60");
    const answers = await wrongCodes(member.visitor, member.factorId, member.secret, TRIES);
    const elsewhere = fromAddress(stack, "198.51.100.61");
    await elsewhere.auth.signInWithPassword({ email: member.email, password: member.password });
    const other = await wrongCodes(elsewhere, member.factorId, member.secret, 1);
    const ok = firstRefusal(answers) > 0 && firstRefusal(answers) <= BURST + 1;
    figure("wrong TOTP codes for one factor, one address", refusalFigure(answers), ok);
    figure(
      "a TOTP code from another address meanwhile",
      other[0]!,
      other[0] === "422 mfa_verification_failed",
    );
    expect(firstRefusal(answers)).toBeGreaterThan(0);
    expect(firstRefusal(answers)).toBeLessThanOrEqual(BURST + 1);
    expect(other).toEqual(["422 mfa_verification_failed"]);
  });

  it("meets 429 by the 31st password reset request from one address", async () => {
    const asker = fromAddress(stack, "198.51.100.70");
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const { error } = await asker.auth.resetPasswordForEmail(`${marker}-${i}@example.com`);
      answers.push(answer(error));
    }
    const ok = firstRefusal(answers) > 0 && firstRefusal(answers) <= BURST + 1;
    figure("password reset requests, one address", refusalFigure(answers), ok);
    expect(firstRefusal(answers)).toBeGreaterThan(0);
    expect(firstRefusal(answers)).toBeLessThanOrEqual(BURST + 1);
  });
});

describe(`the MFA verification attempt hook, enabled (${BACKEND})`, () => {
  let hooked: TestStack;
  let removeCopy = () => {};

  beforeAll(async () => {
    const copy = configWithMfaHook();
    removeCopy = copy.remove;
    hooked = await startProjectStack({ configFile: copy.file });
  }, 120_000);

  afterAll(async () => {
    await hooked?.close();
    removeCopy();
  });

  it("rejects a member's codes after 10 wrong ones from 10 addresses, and ends their sessions", async () => {
    const member = await memberWithFactor(hooked, `${marker}-hooked@appgrove.test`, "203.0.113.1");
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const visitor = fromAddress(hooked, `203.0.113.${10 + (i % 10)}`);
      await visitor.auth.signInWithPassword({ email: member.email, password: member.password });
      answers.push(...(await wrongCodes(visitor, member.factorId, member.secret, 1)));
      if (answers.at(-1) !== "422 mfa_verification_failed") break;
    }
    const rejectedAt = answers.findIndex((one) => one === "403 mfa_verification_rejected") + 1;
    const sessions = await hooked.db.query<{ count: number }>(
      `select count(*)::int as count from auth.sessions
       where user_id = (select id from auth.users where email = $1)`,
      [member.email],
    );
    // The member's own right code, from a new sign-in: refused too until the window passes.
    const returning = fromAddress(hooked, "203.0.113.30");
    await returning.auth.signInWithPassword({ email: member.email, password: member.password });
    const right = await returning.auth.mfa.challengeAndVerify({
      factorId: member.factorId,
      code: codeFor(member.secret),
    });
    const left = sessions.rows[0]!.count;
    figure(
      "wrong TOTP codes for one member from 10 addresses, hook on",
      rejectedAt
        ? `rejected at code ${rejectedAt} (403), ${left} sessions left`
        : `no rejection in ${answers.length}`,
      rejectedAt === 11 && left === 0,
    );
    figure("the right code afterwards, hook on", answer(right.error), right.error?.status === 403);
    expect(rejectedAt).toBe(11);
    expect(left).toBe(0);
    expect(answer(right.error)).toBe("403 mfa_verification_rejected");
  });
});
