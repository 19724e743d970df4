import { expect as baseExpect, test } from "./fixtures";
import { violationsOn } from "./support/axe";
import { deletePostsTagged, editorBody, openEditor, storedPost } from "./support/editor";
import {
  confirmedSubscriberCount,
  deleteSubscribersTagged,
  newsletterMailTo,
  seedSubscribers,
  storedSends,
  subscriberStatus,
} from "./support/newsletter";
import { stackUrl } from "./support/stack";
import { staffEmail, uniqueTag } from "./support/staff";

// Where the editor leads back to, and where a saved post lands: the staff list of posts.
const postsList = "/admin?tab=posts";

// Signs in, loads the editor's chunk, previews, tests, publishes, and waits for the stack's
// scheduler (send-newsletter every 5 s) to send: more than the defaults allow on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// The preview's frame is sandboxed without scripts, as it should be: Playwright's trace recorder
// (on for a retried test) still tries to run its snapshot script there, and Chromium says no.
test.use({
  allowConsoleErrors: [
    /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
  ],
});

let tag = "";
test.beforeEach(() => {
  tag = uniqueTag();
});
test.afterEach(async () => {
  await deletePostsTagged(tag);
  await deleteSubscribersTagged(tag);
});

test("staff preview a French post as an e-mail, test it, and send it on publication to its confirmed subscribers only, each with a one-click unsubscribe", async ({
  page,
  request,
}) => {
  const subscribers = await seedSubscribers(tag);
  const title = `Lettre mobile ${tag}`;
  const slug = `lettre-mobile-${tag}`;

  await openEditor(page);
  const card = page.getByTestId("newsletter-card");
  await expect(card).toContainText("Save the post first");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("Ce que la lettre contient.");
  await editorBody(page).click();
  await page.keyboard.type("Premier paragraphe de la lettre.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(postsList);
  const post = (await storedPost("fr", slug))!;
  expect(post).toMatchObject({ status: "draft", language: "fr" });

  await page.goto(`/blog-editor/${post.id}`);
  const state = card.getByTestId("newsletter-state");
  await expect(state).toHaveText("Not sent", { timeout: 20_000 });
  await expect(card.getByLabel("Subject")).toHaveValue(title);
  await expect(card.getByLabel("Preheader")).toHaveValue("Ce que la lettre contient.");
  expect(await violationsOn(page), "the Newsletter card").toEqual([]);

  // The preview: the e-mail in a sandboxed frame, at a desktop and then a phone's width.
  await card.getByRole("button", { name: "Preview e-mail" }).click();
  const preview = page.getByRole("dialog", { name: "E-mail preview" });
  const frame = preview.locator('iframe[title="E-mail preview"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(preview.getByTestId("preview-subject")).toHaveText(`Subject: ${title}`);
  await expect(
    page.frameLocator('iframe[title="E-mail preview"]').getByText(title).first(),
  ).toBeVisible();
  expect((await frame.boundingBox())?.width).toBe(640);
  const phone = preview.getByRole("button", { name: "Phone" });
  await phone.click();
  await expect(phone).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
  // The e-mail itself is checked for mail clients (send-newsletter's tests); axe reads the dialog.
  expect(
    await violationsOn(page, { exclude: ['iframe[title="E-mail preview"]'] }),
    "the preview dialog",
  ).toEqual([]);
  await preview.getByRole("button", { name: "Close" }).click();
  await expect(preview).toHaveCount(0);

  // A test to oneself: one e-mail, its subject marked, to the staff member's own address.
  await card.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`Sent to ${staffEmail}. Check your inbox.`)).toBeVisible();
  const tests = async () =>
    (await newsletterMailTo(staffEmail)).filter((mail) => mail.subject.includes(tag));
  await expect.poll(async () => (await tests()).length).toBe(1);
  expect((await tests())[0]!.subject).toBe(`[Test] ${title}`);

  // Other specs' French subscribers come and go (each confirms and leaves within seconds):
  // the count is read once only this test's two are confirmed.
  await expect.poll(() => confirmedSubscriberCount("fr"), { timeout: 60_000 }).toBe(2);
  // The test's confirmation fades out first: axe would measure it mid-animation.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await card.getByRole("button", { name: "Send to subscribers…" }).click();
  const confirm = page.getByRole("dialog", { name: "Send to subscribers?" });
  await expect(confirm.getByTestId("send-question")).toHaveText(
    "E-mail this post to 2 confirmed French subscribers when it is published.",
  );
  await expect(confirm.getByTestId("send-recipients")).toHaveText("2");
  expect(await violationsOn(page), "the send dialog").toEqual([]);
  await confirm.getByRole("button", { name: "Schedule e-mail" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(state).toHaveText("Scheduled");
  await expect(card.getByTestId("newsletter-summary")).toContainText(
    "E-mail scheduled: goes out when the post is published.",
  );
  expect(await storedSends(post.id)).toMatchObject([{ status: "scheduled", subject: title }]);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(await violationsOn(page), "the scheduled card").toEqual([]);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(postsList);

  // The scheduler sends it: one e-mail to each confirmed French subscriber.
  for (const address of [subscribers.confirmedFr1, subscribers.confirmedFr2]) {
    await expect
      .poll(async () => (await newsletterMailTo(address)).length, { timeout: 60_000 })
      .toBe(1);
  }
  await expect.poll(async () => (await storedSends(post.id))[0]?.status).toBe("sent");
  const [mail] = await newsletterMailTo(subscribers.confirmedFr1);
  expect(mail!.subject).toBe(title);
  expect(mail!.html).toContain(title);
  const oneClick = mail!.headers?.["List-Unsubscribe"]?.replace(/^<(.+)>$/, "$1") ?? "";
  expect(new URL(oneClick).origin).toBe(stackUrl);
  expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const [other] = await newsletterMailTo(subscribers.confirmedFr2);
  expect(other!.headers?.["List-Unsubscribe"]).toMatch(/^<http.+>$/);
  expect(other!.headers?.["List-Unsubscribe"]).not.toBe(mail!.headers?.["List-Unsubscribe"]);
  // Nobody else: not pending, unsubscribed, bounced, nor another language's subscribers.
  for (const address of [
    subscribers.confirmedEn,
    subscribers.pendingFr,
    subscribers.unsubscribedFr,
    subscribers.bouncedFr,
  ]) {
    expect(await newsletterMailTo(address), address).toEqual([]);
  }

  // A mail app's one-click unsubscribe (RFC 8058): a POST to the List-Unsubscribe URL.
  const response = await request.post(oneClick, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await subscriberStatus(subscribers.confirmedFr1)).toBe("unsubscribed");

  // The post says it was sent: in the list, and in the editor with what followed.
  const [sent] = await storedSends(post.id);
  const row = page.getByTestId("post-row").filter({ hasText: title });
  await page.reload();
  await expect(row.getByTestId("post-newsletter")).toContainText("Sent");
  await page.goto(`/blog-editor/${post.id}`);
  await expect(state).toHaveText("Sent", { timeout: 20_000 });
  const summary = card.getByTestId("newsletter-summary");
  await expect(summary).toContainText(
    new RegExp(`Sent on .+ to ${sent!.recipient_count} subscribers\\.`),
  );
  await expect(summary).toContainText("1 unsubscribed");
  await expect(card.getByRole("button", { name: "Send again to new subscribers…" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Send to subscribers…" })).toHaveCount(0);

  // Staff who read subscribers see the send's results.
  await page.goto("/admin?tab=subscribers");
  const sends = page.getByRole("region", { name: "Sends" });
  const sendRow = sends.getByTestId("send-row").filter({ hasText: title });
  await expect(sendRow).toBeVisible();
  await expect(sendRow.getByRole("cell")).toHaveText([
    "French",
    /\w{3} \d+, \d{4}/,
    "Sent",
    String(sent!.recipient_count),
    String(sent!.recipient_count),
    "0",
    "0",
    "0",
    "1",
  ]);
  await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  expect(await violationsOn(page), "the Sends table").toEqual([]);
});
