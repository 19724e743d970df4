import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { serviceClient } from "./support/stack";
import { insertLeads, leadStatus, signInAsStaff, uniqueTag } from "./support/staff";

const SEEDED = 10_000;
const statuses = ["new", "contacted", "qualified"] as const;
const sources = ["homepage", "services", "about", "contact"] as const;
const firstNames = ["Zoé", "Ada", "Marc", "Lina", "Hugo", "Inès", "Bruno"];

/**
 * Stores `SEEDED` leads of one tag, as the service role would import them: a thousand per
 * request, with names, statuses, sources and languages spread evenly, one a minute apart, and
 * marked as already e-mailed (an import owes the agency no e-mail).
 */
async function seedLeads(tag: string) {
  const start = Date.now() - SEEDED * 60_000;
  for (let batch = 0; batch < SEEDED / 1000; batch++) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const i = batch * 1000 + offset;
      return {
        name: `${firstNames[i % firstNames.length]} ${tag} ${String(i).padStart(5, "0")}`,
        email: `seed-${i}-${tag}@example.com`,
        company: `Studio ${tag}`,
        source: sources[i % sources.length]!,
        language: i % 2 ? "fr" : "en",
        status: statuses[i % statuses.length]!,
        created_at: new Date(start + i * 60_000).toISOString(),
        notification: "emailed",
        notified_at: new Date(start + i * 60_000).toISOString(),
      };
    });
    const { error } = await serviceClient().from("leads").insert(rows);
    if (error) throw error;
  }
}

const summary = (page: Page) => page.getByText(/^(Showing .* of [\d,]+ leads?|0 leads)$/);
const rows = (page: Page) => page.getByTestId("lead");
const names = (page: Page) => rows(page).getByRole("link").allInnerTexts();

test("staff filter, sort, page and export 10,000 leads, all done by the database", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  await seedLeads(tag);

  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await page.getByLabel("Search leads").fill(tag);
  await expect(summary(page)).toHaveText("Showing 1–50 of 10,000 leads");
  await expect(rows(page)).toHaveCount(50);
  // Newest first: the last one seeded.
  await expect(rows(page).first().getByRole("link")).toHaveText(
    `${firstNames[(SEEDED - 1) % firstNames.length]} ${tag} ${String(SEEDED - 1).padStart(5, "0")}`,
  );

  // The status filter: 3,333 of them are qualified (i % 3 == 2).
  await page
    .getByRole("group", { name: "Status" })
    .getByRole("button", { name: /^Qualified/ })
    .click();
  await expect(summary(page)).toHaveText("Showing 1–50 of 3,333 leads");
  await expect(page).toHaveURL(/status=qualified/);

  // Sorted by name, A to Z, then Z to A.
  const nameHeading = page.getByRole("columnheader", { name: "Name" });
  await nameHeading.getByRole("button").click();
  await expect(nameHeading).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sort=name/);
  const expectedFirst = await serviceClient()
    .from("leads")
    .select("name")
    .eq("company", `Studio ${tag}`)
    .eq("status", "qualified")
    .order("name")
    .order("created_at", { ascending: false })
    .range(0, 99);
  expect(expectedFirst.error).toBeNull();
  const sortedNames = expectedFirst.data!.map((lead) => lead.name);
  await expect.poll(() => names(page)).toEqual(sortedNames.slice(0, 50));
  expect(sortedNames[0]).toMatch(/^Ada /);

  // The next page continues where the first stopped.
  await page
    .getByRole("navigation", { name: "Leads pages" })
    .getByRole("button", { name: "Next" })
    .click();
  await expect(summary(page)).toHaveText("Showing 51–100 of 3,333 leads");
  await expect(page.getByText("Page 2 of 67")).toBeVisible();
  await expect.poll(() => names(page)).toEqual(sortedNames.slice(50, 100));

  await nameHeading.getByRole("button").click();
  await expect(nameHeading).toHaveAttribute("aria-sort", "descending");
  // A new order starts again on the first page.
  await expect(summary(page)).toHaveText("Showing 1–50 of 3,333 leads");
  await expect(rows(page).first().getByRole("link")).toHaveText(/^Zoé /);

  // Source and language narrow it further: contact (i % 4 == 3) is always odd, so French.
  await page.getByRole("combobox", { name: "Source" }).click();
  await page.getByRole("option", { name: "Contact" }).click();
  await expect(summary(page)).toHaveText("Showing 1–50 of 833 leads");
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(summary(page)).toHaveText("0 leads");
  await expect(page.getByText("No leads found")).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "French" }).click();
  await expect(summary(page)).toHaveText("Showing 1–50 of 833 leads");

  // The export holds the whole filtered set, not the page on screen.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = (await readFile((await (await download).path())!)).toString("utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(1 + 833);
  // Every cell quoted (decision 5's safe exports).
  expect(lines.slice(1).every((line) => line.endsWith(',"contact","fr","qualified"'))).toBe(true);
  expect(lines[1]).toContain(`Zoé ${tag}`);
});

test("staff add a note, qualify several leads at once, and see who did what", async ({ page }) => {
  const tag = uniqueTag();
  const leads = await insertLeads(
    ["Ana", "Ben", "Cleo"].map((name) => ({
      name: `${name} ${tag}`,
      email: `${name.toLowerCase()}-${tag}@example.com`,
      message: `Hello from ${name}.`,
      source: "contact" as const,
      language: "en" as const,
    })),
  );

  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await page.getByLabel("Search leads").fill(tag);
  await expect(rows(page)).toHaveCount(3);

  // A note, from the detail panel.
  await page.getByRole("link", { name: `Ana ${tag}`, exact: true }).click();
  const panel = page.getByRole("dialog", { name: `Ana ${tag}` });
  await expect(panel.getByText("Hello from Ana.")).toBeVisible();
  await expect(panel.getByText("No notes yet.")).toBeVisible();
  await panel.getByRole("button", { name: "Add note" }).click();
  await expect(panel.getByText("Write the note first.")).toBeVisible();
  await panel.getByLabel("New note").fill("Called: budget confirmed.\nSend the audit Monday.");
  await panel.getByRole("button", { name: "Add note" }).click();
  const notes = panel.getByRole("list", { name: "Notes, newest first" });
  await expect(notes).toContainText("Called: budget confirmed.");
  await expect(notes).toContainText("Send the audit Monday.");
  await expect(panel.getByLabel("New note")).toHaveValue("");
  const stored = await serviceClient()
    .from("lead_notes")
    .select("body, author_name")
    .eq("lead_id", leads[0]!.id);
  expect(stored.data).toHaveLength(1);
  expect(stored.data![0]!.body).toBe("Called: budget confirmed.\nSend the audit Monday.");
  await expect(notes).toContainText(stored.data![0]!.author_name!);
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();

  // Bulk: every lead on the page, qualified in one go.
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await page.getByRole("checkbox", { name: "Select every lead on this page" }).check();
  await expect(bulk.getByText("3 leads selected")).toBeVisible();
  await page.getByRole("checkbox", { name: `Select Ben ${tag}` }).uncheck();
  await expect(bulk.getByText("2 leads selected")).toBeVisible();
  await page.getByRole("checkbox", { name: `Select Ben ${tag}` }).check();
  await bulk.getByRole("button", { name: "Mark as Qualified" }).click();
  await expect(page.getByText("3 leads marked as Qualified")).toBeVisible();
  await expect(bulk.getByText("Check leads to change their status together.")).toBeVisible();
  for (const lead of leads) await expect.poll(() => leadStatus(lead.id)).toBe("qualified");
  await expect(rows(page).getByText("Qualified", { exact: true })).toHaveCount(3);

  // The history says who moved each one, and when.
  const history = await serviceClient()
    .from("lead_status_changes")
    .select("lead_id, from_status, to_status, changed_by_name")
    .in(
      "lead_id",
      leads.map((lead) => lead.id),
    );
  expect(history.data).toHaveLength(3);
  expect(history.data!.every((change) => change.to_status === "qualified")).toBe(true);
  await page.getByRole("link", { name: `Cleo ${tag}`, exact: true }).click();
  const cleo = page.getByRole("dialog", { name: `Cleo ${tag}` });
  await expect(cleo.getByRole("list", { name: "Status history, oldest first" })).toContainText(
    `by ${history.data![0]!.changed_by_name}`,
  );
  await expect(cleo.getByRole("list", { name: "Status history, oldest first" })).toContainText(
    "Received from the contact form",
  );
});

test("staff see how the agency was told about each lead, and a banner when e-mails keep failing", async ({
  page,
}) => {
  // The first lead may wait for its digest window (2 minutes) if other tests used its allowance.
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const service = serviceClient();
  const [first] = await insertLeads([
    { name: `First ${tag}`, email: `first-${tag}@example.com`, source: "contact", language: "en" },
  ]);
  // A repeat, and a lead whose e-mail has failed since 20 minutes ago (its next try far off,
  // so the stack's schedule leaves it alone during the test).
  const repeat = await service
    .from("leads")
    .insert({
      name: `Repeat ${tag}`,
      email: `first-${tag}@example.com`,
      source: "contact",
      language: "en",
      notification: "repeat",
      repeat_of: first!.id,
    })
    .select("id")
    .single();
  expect(repeat.error).toBeNull();
  const lastError = "The e-mail provider refused the message (500 internal_server_error).";
  const failing = await service
    .from("lead_emails")
    .insert({
      kind: "lead",
      attempts: 7,
      last_error: lastError,
      last_failed_at: new Date(Date.now() - 60_000).toISOString(),
      failing_since: new Date(Date.now() - 20 * 60_000).toISOString(),
      next_attempt_at: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    })
    .select("id")
    .single();
  expect(failing.error).toBeNull();
  const stuck = await service
    .from("leads")
    .insert({
      name: `Stuck ${tag}`,
      email: `stuck-${tag}@example.com`,
      source: "homepage",
      language: "fr",
      created_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      notification: "emailed",
      notification_email_id: failing.data!.id,
    })
    .select("id")
    .single();
  expect(stuck.error).toBeNull();

  try {
    await page.goto("/admin?tab=leads");
    await signInAsStaff(page);
    const banner = page.getByRole("alert").filter({ hasText: "Lead e-mails are not going out" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(lastError);
    await expect(banner).toContainText("Every lead is still here in the inbox.");

    await page.getByLabel("Search leads").fill(tag);
    await expect(rows(page)).toHaveCount(3);
    const agencyEmail = (name: string) =>
      page
        .getByRole("dialog", { name })
        .locator("dt", { hasText: "Agency e-mail" })
        .locator("xpath=following-sibling::dd");

    await page.getByRole("link", { name: `Stuck ${tag}`, exact: true }).click();
    await expect(agencyEmail(`Stuck ${tag}`)).toContainText("Retrying (7 attempts so far, next");
    await expect(agencyEmail(`Stuck ${tag}`)).toContainText(`Last error: ${lastError}`);
    await page.getByRole("button", { name: "Close", exact: true }).click();

    await page.getByRole("link", { name: `Repeat ${tag}`, exact: true }).click();
    await expect(agencyEmail(`Repeat ${tag}`)).toContainText(
      "Not e-mailed again: the same address sent a lead in the 24 hours before.",
    );
    await page.getByRole("button", { name: "Close", exact: true }).click();

    // The first lead is e-mailed by the stack's schedule (every 5 s), alone or in a digest.
    await expect
      .poll(
        async () =>
          (await service.from("leads").select("notified_at").eq("id", first!.id).single()).data
            ?.notified_at,
        { timeout: 150_000 },
      )
      .not.toBeNull();
    await page.getByRole("link", { name: `First ${tag}`, exact: true }).click();
    await expect(agencyEmail(`First ${tag}`)).toContainText(
      /^(E-mailed to the agency|Sent in a digest) · /,
    );
  } finally {
    await service.from("leads").delete().eq("id", stuck.data!.id);
    await service.from("lead_emails").delete().eq("id", failing.data!.id);
  }
  const health = page.waitForResponse((response) =>
    response.url().includes("/rpc/lead_notification_health"),
  );
  await page.reload();
  expect((await health).status()).toBe(200);
  await expect(page.getByLabel("Search leads")).toBeVisible();
  await expect(page.getByText("Lead e-mails are not going out")).toBeHidden();
});
