import { expect, test } from "../fixtures";
import { serviceClient } from "../support/stack";
import { signInAsStaff, staffSection } from "../support/staff";
import { createMember, turnOnTwoFactor } from "../support/two-factor";

// The team's two-factor rule concerns every session at once: this project runs after every
// other spec (playwright.config.ts), so no other test meets the walk-through while it is on.

test.describe.configure({ timeout: 120_000 });

test("when the team requires two-factor, a member without it is walked through its set-up first", async ({
  page,
}) => {
  const member = await createMember();
  const setRequired = async (required: boolean) => {
    const { error } = await serviceClient()
      .from("staff_settings")
      .update({ require_two_factor: required })
      .eq("id", true);
    if (error) throw error;
  };
  await setRequired(true);
  try {
    await page.goto("/admin");
    await signInAsStaff(page, member.email, member.password);
    await expect(
      page.getByText("Your team requires two-factor sign-in. Set it up to continue."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff sections" })).toHaveCount(0);
    await turnOnTwoFactor(page);
    await expect(staffSection(page, "Leads")).toBeVisible();
  } finally {
    await setRequired(false);
  }
});
