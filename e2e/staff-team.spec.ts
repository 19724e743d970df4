import type { Browser, Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../scripts/lib/node-supabase-client";
import type { Database } from "../shared/database.types";
import { expect, test } from "./fixtures";
import { outboxFor } from "./support/leads";
import { publicKey, serviceClient, stackUrl } from "./support/stack";
import {
  insertLeads,
  signInAsStaff,
  staffDisplayName,
  staffSection,
  uniqueTag,
} from "./support/staff";

// The Team section as an agency runs it (issue 33): an Administrator invites a Sales member
// (in English) and an Editor (in French), each accepts from the e-mail's link and sees only
// their sections, the database refuses what their role does not allow even through the API,
// then the Administrator changes a role and removes a member, and reads it all in the audit log.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const sections = (page: Page) =>
  page.getByRole("navigation", { name: "Staff sections" }).getByRole("link");

/** The newest invitation's link (`/admin/welcome?token_hash=…`) Auth sent, and its subject. */
async function invitationFor(email: string): Promise<{ path: string; subject: string }> {
  let found: { path: string; subject: string } | null = null;
  await expect
    .poll(async () => {
      const mail = (await outboxFor(email)).at(-1);
      const html = String(mail?.html ?? "");
      const href = /href="([^"]*\/admin\/welcome\?[^"]*)"/.exec(html)?.[1];
      if (!mail || !href) return false;
      const url = new URL(href.replaceAll("&amp;", "&"));
      found = { path: `${url.pathname}${url.search}`, subject: String(mail.subject ?? "") };
      return true;
    })
    .toBe(true);
  return found!;
}

async function invite(page: Page, email: string, role: string, language: string) {
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a colleague" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: role }).click();
  await dialog.getByRole("combobox", { name: "Language of the invitation" }).click();
  await page.getByRole("option", { name: language }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow(page, email)).toContainText("Invitation pending");
}

const memberRow = (page: Page, email: string) =>
  page.getByTestId("team-member").filter({ hasText: email });

/** Opens the invitation in a browser of its own, chooses a name and a password, and joins. */
async function accept(
  browser: Browser,
  link: string,
  words: { accept: string; name: string; password: string; confirm: string; join: string },
  name: string,
  password: string,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByRole("button", { name: words.accept }).click();
  await page.getByLabel(words.name, { exact: true }).fill(name);
  await page.getByLabel(words.password, { exact: true }).fill(password);
  await page.getByLabel(words.confirm, { exact: true }).fill(password);
  await page.getByRole("button", { name: words.join }).click();
  await expect(page.getByRole("navigation", { name: "Staff sections" })).toBeVisible();
  return page;
}

/** A member's own supabase-js client, signed in with their password (as a script would be). */
async function memberClient(email: string, password: string) {
  const client: SupabaseClient<Database> = createNodeClient<Database>(stackUrl, publicKey);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

test("an Administrator runs the team: invitations, roles, removal, the audit log", async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const sales = {
    email: `sam-${tag}@example.com`,
    name: `Sam ${tag}`,
    password: `sales-${tag}-pw`,
  };
  const editor = {
    email: `elise-${tag}@example.com`,
    name: `Élise ${tag}`,
    password: `editor-${tag}-pw`,
  };
  const adminName = await staffDisplayName();
  const [lead] = await insertLeads([
    { name: `Lead ${tag}`, email: `lead-${tag}@example.com`, source: "contact", language: "en" },
  ]);

  await test.step("the Administrator invites a Sales member in English and an Editor in French", async () => {
    await page.goto("/admin");
    await signInAsStaff(page);
    await staffSection(page, "Team").click();
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await invite(page, sales.email, "Sales", "English");
    await invite(page, editor.email, "Editor", "Français");
    await expect(memberRow(page, editor.email)).toContainText("Editor");
    expect((await invitationFor(sales.email)).subject).toMatch(/invited/i);
    expect((await invitationFor(editor.email)).subject).toMatch(/Invitation à rejoindre/);
  });

  let salesPage!: Page;
  let editorPage!: Page;
  await test.step("each accepts, and sees only the sections of their role", async () => {
    salesPage = await accept(
      browser,
      (await invitationFor(sales.email)).path,
      {
        accept: "Accept invitation",
        name: "Display name",
        password: "New password",
        confirm: "Confirm the new password",
        join: "Join the team",
      },
      sales.name,
      sales.password,
    );
    await expect(sections(salesPage)).toHaveText(["Overview", "Leads", "Subscribers", "Profile"]);

    editorPage = await accept(
      browser,
      (await invitationFor(editor.email)).path,
      {
        accept: "Accepter l’invitation",
        name: "Nom d’affichage",
        password: "Nouveau mot de passe",
        confirm: "Confirmez le nouveau mot de passe",
        join: "Rejoindre l’équipe",
      },
      editor.name,
      editor.password,
    );
    await expect(sections(editorPage)).toHaveText(["Overview", "Posts", "Profile"]);
  });

  const salesApi = await memberClient(sales.email, sales.password);
  const editorApi = await memberClient(editor.email, editor.password);
  await test.step("the database refuses what a role does not allow, even through the API", async () => {
    const editorLeads = await editorApi.from("leads").select("id");
    expect(editorLeads.error).toBeNull();
    expect(editorLeads.data).toEqual([]);
    const salesPost = await salesApi.from("blog_posts").insert({
      title: `Not mine ${tag}`,
      slug: `not-mine-${tag}`,
      content: "<p>x</p>",
      author: sales.name,
    });
    expect(salesPost.error?.code).toBe("42501");
    const salesLeads = await salesApi.from("leads").select("id").eq("id", lead!.id);
    expect(salesLeads.data).toEqual([{ id: lead!.id }]);
  });

  await test.step("a member cannot take a colleague's name, and history shows the real account", async () => {
    const me = (await salesApi.auth.getUser()).data.user!.id;
    const borrowed = await salesApi
      .from("staff_profiles")
      .update({ display_name: adminName.toUpperCase() })
      .eq("user_id", me);
    expect(borrowed.error?.code).toBe("23505");
    await salesApi.from("leads").update({ status: "contacted" }).eq("id", lead!.id).throwOnError();

    await page.goto(`/admin?lead=${lead!.id}`);
    const history = page.getByRole("list", { name: "Status history, oldest first" });
    // The name is focusable and described by the e-mail it shows on hover and focus.
    const actor = history.locator("[aria-describedby]").filter({ hasText: sales.name });
    await expect(actor).toBeVisible();
    await actor.focus();
    await expect(actor.getByRole("tooltip")).toBeVisible();
    await expect(actor).toHaveAccessibleDescription(sales.email);
  });

  await test.step("the Administrator changes a role and removes a member", async () => {
    await page.goto("/admin?tab=team");
    await memberRow(page, editor.email)
      .getByRole("button", { name: `Change role: ${editor.name}` })
      .click();
    const roleDialog = page.getByRole("dialog", { name: `Change ${editor.name}'s role` });
    await roleDialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Sales" }).click();
    await roleDialog.getByRole("button", { name: "Save role" }).click();
    await expect(roleDialog).toBeHidden();
    await expect(memberRow(page, editor.email).getByRole("cell").nth(2)).toContainText("Sales");
    // The new role counts from the member's next request.
    await expect
      .poll(async () => (await editorApi.from("leads").select("id").eq("id", lead!.id)).data)
      .toEqual([{ id: lead!.id }]);

    await memberRow(page, sales.email)
      .getByRole("button", { name: `Remove: ${sales.name}` })
      .click();
    const confirm = page.getByRole("dialog", { name: `Remove ${sales.name} from the team?` });
    await expect(confirm).toContainText("ends their sessions at once");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(memberRow(page, sales.email)).toHaveCount(0);

    // Their open session stops working with its next request.
    const after = await salesApi.from("leads").select("id");
    expect(after.data ?? []).toEqual([]);
    const refreshed = await salesApi.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    await salesPage.reload();
    await expect(salesPage.getByRole("navigation", { name: "Staff sections" })).toBeHidden();
  });

  await test.step("the audit log says who did what to whom", async () => {
    const log = page.getByRole("list", { name: "Staff changes, newest first" });
    await expect(log.getByRole("listitem").first()).toContainText(
      `${adminName} removed ${sales.name} (former member) from the team`,
      { useInnerText: true },
    );
    const sentences = (await log.getByRole("listitem").allInnerTexts()).join("\n");
    expect(sentences).toContain(`changed ${editor.name}'s role from Editor to Sales`);
    expect(sentences).toContain(`${editor.name} accepted the invitation and joined`);
    expect(sentences).toContain(`invited ${sales.email} as Sales`);
    expect(sentences).toContain(`invited ${editor.email} as Editor`);
    // The log names the team's accounts by their current names.
    const { data } = await serviceClient()
      .from("staff_audit_log")
      .select("action")
      .eq("target_email", editor.email);
    expect(data?.map(({ action }) => action)).toEqual(
      expect.arrayContaining(["invited", "joined", "role_changed"]),
    );
  });

  await salesPage.context().close();
  await editorPage.context().close();
});

test("an invitation left pending past 24 hours is refused on the welcome page, until it is resent", async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  const invitee = { email: `late-${tag}@example.com`, password: `late-${tag}-pw` };
  const french = {
    accept: "Accepter l’invitation",
    name: "Nom d’affichage",
    password: "Nouveau mot de passe",
    confirm: "Confirmez le nouveau mot de passe",
    join: "Rejoindre l’équipe",
  };
  await page.goto("/admin");
  await signInAsStaff(page);
  await staffSection(page, "Team").click();
  await invite(page, invitee.email, "Sales", "Français");
  const firstLink = (await invitationFor(invitee.email)).path;

  // Three days later by the database's clock (Auth's own link has not expired).
  const service = serviceClient();
  const { data: accounts } = await service.auth.admin.listUsers({ perPage: 1000 });
  const account = accounts.users.find((user) => user.email === invitee.email)!;
  const { error } = await service
    .from("staff_members")
    .update({ invited_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString() })
    .eq("user_id", account.id);
  expect(error).toBeNull();

  const late = await (await browser.newContext()).newPage();
  await late.goto(firstLink);
  await late.getByRole("button", { name: french.accept }).click();
  await late.getByLabel(french.name, { exact: true }).fill(`Late ${tag}`);
  await late.getByLabel(french.password, { exact: true }).fill(invitee.password);
  await late.getByLabel(french.confirm, { exact: true }).fill(invitee.password);
  await late.getByRole("button", { name: french.join }).click();
  await expect(late.getByText(/Cette invitation a expiré/)).toContainText(
    "Demandez à un administrateur de votre équipe de vous en envoyer une nouvelle.",
  );
  await expect(late.getByRole("navigation", { name: "Staff sections" })).toHaveCount(0);
  await late.context().close();

  await page.reload();
  const row = memberRow(page, invitee.email);
  await expect(row).toContainText("Invitation expired");
  await row.getByRole("button", { name: /^Resend/ }).click();
  await expect(row).toContainText("Invitation pending");

  const joined = await accept(
    browser,
    (await invitationFor(invitee.email)).path,
    french,
    `On time ${tag}`,
    invitee.password,
  );
  await expect(memberRow(page, invitee.email)).toBeVisible();
  await joined.context().close();
});
