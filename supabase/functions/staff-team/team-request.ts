// What the Team section asks of the staff-team function, checked before anything is done.
import { Constants, type Enums } from "@shared/database.types.ts";
import { languageCodes, type Language } from "@shared/languages.ts";
import { StaffError } from "../_shared/staff-api.ts";

type StaffRole = Enums<"staff_role">;

export type TeamRequest =
  | { action: "invite"; email: string; role: StaffRole; language: Language }
  | { action: "resend" | "revoke" | "remove" | "reset_two_factor"; member: string };

/** GoTrue's own limit on an e-mail address, and the shape it accepts. */
const EMAIL_LENGTH = 255;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBER_ACTIONS = ["resend", "revoke", "remove", "reset_two_factor"] as const;

const invalid = (message: string) => new StaffError(400, "invalid_request", message);

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value);
}

export function readTeamRequest(body: unknown): TeamRequest {
  const request = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const { action } = request;
  if (action === "invite") {
    const email = typeof request.email === "string" ? request.email.trim().toLowerCase() : "";
    if (!EMAIL.test(email) || email.length > EMAIL_LENGTH) {
      throw new StaffError(400, "invalid_email", "Enter a valid e-mail address.");
    }
    if (!oneOf(request.role, Constants.public.Enums.staff_role)) throw invalid("Unknown role.");
    if (!oneOf(request.language, languageCodes)) throw invalid("Unknown language.");
    return { action, email, role: request.role, language: request.language };
  }
  if (oneOf(action, MEMBER_ACTIONS)) {
    if (typeof request.member !== "string" || !UUID.test(request.member)) {
      throw invalid("Unknown member.");
    }
    return { action, member: request.member.toLowerCase() };
  }
  throw invalid(`The action must be invite, ${MEMBER_ACTIONS.join(", ")}.`);
}
