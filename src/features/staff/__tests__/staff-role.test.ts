import { afterEach, describe, expect, it } from "vitest";
import { signInErrorMessage } from "../api/sign-in-staff";
import { readStaffFlag, staffFlagKey, writeStaffFlag } from "../lib/staff-role";

describe("the staff flag", () => {
  afterEach(() => localStorage.clear());

  it("is 'true' in localStorage while set and gone after", () => {
    expect(readStaffFlag()).toBe(false);
    writeStaffFlag(true);
    expect(localStorage.getItem(staffFlagKey)).toBe("true");
    expect(readStaffFlag()).toBe(true);
    writeStaffFlag(false);
    expect(localStorage.getItem(staffFlagKey)).toBeNull();
  });
});

describe("signInErrorMessage", () => {
  it("maps the backend's errors to readable messages", () => {
    expect(
      signInErrorMessage({
        status: 400,
        code: "invalid_credentials",
        message: "Invalid login credentials",
      }),
    ).toBe("Invalid credentials");
    expect(signInErrorMessage({ status: 429, message: "Request rate limit reached" })).toMatch(
      /too many sign-in attempts/i,
    );
    expect(signInErrorMessage({ status: 400, message: "User is banned" })).toBe("User is banned");
    expect(signInErrorMessage(new TypeError("Failed to fetch"))).toMatch(/could not be reached/);
    expect(signInErrorMessage(undefined)).toBe("Invalid credentials");
  });
});
