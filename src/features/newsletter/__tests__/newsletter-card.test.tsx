import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { NewsletterCard, type NewsletterCardProps } from "../staff/components/newsletter-card";
import { previewWidths } from "../staff/components/newsletter-preview-dialog";
import { newsletterErrorMessages } from "../staff/lib/newsletter-errors";
import { freshDatabase, sendResult } from "./fake-newsletter-database";

vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const db = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof freshDatabase> }));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-newsletter-database");
  return { getSupabase: async () => fakeSupabase(db.current) };
});

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => {};
  db.current = freshDatabase();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const draftPost = {
  title: "Croissance mobile",
  excerpt: "Un court résumé.",
  content: "<p>Premier paragraphe.</p>",
  language: "fr" as const,
  slug: "croissance-mobile",
  image_url: null,
  image_width: null,
  image_height: null,
  video_url: null,
};

function renderCard(props: Partial<NewsletterCardProps> = {}) {
  const user = userEvent.setup();
  renderWithProviders(
    <NewsletterCard
      target={{
        id: "post-1",
        title: "Croissance mobile",
        excerpt: "Un court résumé.",
        language: "fr",
        status: "draft",
        published_at: null,
      }}
      draft={draftPost}
      unsaved={false}
      {...props}
    />,
  );
  return { user, summary: screen.getByTestId("newsletter-summary") };
}

describe("the Newsletter card", () => {
  it("says a post not sent yet, and how many it would reach, with the title and excerpt as texts", async () => {
    const { summary } = renderCard();
    expect(await within(summary).findByText("Not sent yet.")).toBeInTheDocument();
    expect(
      await within(summary).findByText("12 confirmed French subscribers would get it."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("newsletter-state")).toHaveTextContent("Not sent");
    expect(screen.getByLabelText("Subject")).toHaveValue("Croissance mobile");
    expect(screen.getByLabelText("Preheader")).toHaveValue("Un court résumé.");
    expect(screen.getByText("17/200")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send to subscribers…" })).toBeEnabled();
  });

  it("asks before sending, with the count and language, then schedules with the edited texts", async () => {
    const { user } = renderCard();
    const subject = screen.getByLabelText("Subject");
    await user.clear(subject);
    await user.type(subject, "Notre lettre");
    await user.click(await screen.findByRole("button", { name: "Send to subscribers…" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Send to subscribers?" }));
    expect(
      await dialog.findByText(
        "E-mail this post to 12 confirmed French subscribers when it is published.",
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText("Notre lettre")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Schedule e-mail" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.current.rpcCalls).toContainEqual({
      name: "schedule_newsletter_send",
      args: {
        post_id: "post-1",
        subject: "Notre lettre",
        preheader: "Un court résumé.",
        send_again: false,
      },
    });
    expect(toast.success).toHaveBeenCalledWith("E-mail scheduled", {
      description: "“Croissance mobile” goes to 12 subscribers when it is published.",
    });
  });

  it("keeps the dialog open with the refusal in words", async () => {
    db.current.refusals.schedule_newsletter_send = [
      { code: "PT409", message: "This post is being sent now." },
    ];
    const { user } = renderCard({
      target: {
        id: "post-1",
        title: "Croissance mobile",
        excerpt: null,
        language: "fr",
        status: "published",
        published_at: "2026-01-01T10:00:00.000Z",
      },
    });
    await user.click(await screen.findByRole("button", { name: "Send to subscribers…" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(
      await dialog.findByText("E-mail this post to 12 confirmed French subscribers now."),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Send now" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(newsletterErrorMessages.sending);
  });

  it("wants the post saved before sending, and says so", async () => {
    const { summary } = renderCard({ unsaved: true });
    await within(summary).findByText("Not sent yet.");
    expect(screen.getByRole("button", { name: "Send to subscribers…" })).toBeDisabled();
    expect(screen.getByTestId("newsletter-unsaved")).toHaveTextContent(
      /Save your changes before sending/,
    );
    // The preview and the test still work, from the current values.
    expect(screen.getByRole("button", { name: "Preview e-mail" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Send a test to me" })).toBeEnabled();
  });

  it("shows a scheduled send with its texts, which can be updated or cancelled", async () => {
    db.current.results = [
      sendResult({ status: "scheduled", subject: "Lettre", completed_at: null }),
    ];
    db.current.scheduledTexts = { subject: "Lettre", preheader: "Avant-goût" };
    const { user, summary } = renderCard();
    expect(
      await within(summary).findByText("E-mail scheduled: goes out when the post is published."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("newsletter-state")).toHaveTextContent("Scheduled");
    await waitFor(() => expect(screen.getByLabelText("Subject")).toHaveValue("Lettre"));
    expect(screen.getByLabelText("Preheader")).toHaveValue("Avant-goût");
    expect(screen.queryByRole("button", { name: /Send to subscribers/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Update the scheduled e-mail" }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Subject"), " !");
    await user.click(screen.getByRole("button", { name: "Update the scheduled e-mail" }));
    await waitFor(() =>
      expect(db.current.rpcCalls).toContainEqual({
        name: "schedule_newsletter_send",
        args: {
          post_id: "post-1",
          subject: "Lettre !",
          preheader: "Avant-goût",
          send_again: false,
        },
      }),
    );

    await user.click(screen.getByRole("button", { name: "Cancel send" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Cancel this e-mail?" }));
    await user.click(confirm.getByRole("button", { name: "Cancel send" }));
    await waitFor(() =>
      expect(db.current.rpcCalls).toContainEqual({
        name: "cancel_newsletter_send",
        args: { send_id: "send-1" },
      }),
    );
    expect(toast.success).toHaveBeenCalledWith("Send cancelled", {
      description: "No subscriber gets it.",
    });
  });

  it("shows a send under way as x of y", async () => {
    db.current.results = [
      sendResult({
        status: "sending",
        recipients: 250,
        queued: 150,
        sent: 100,
        completed_at: null,
      }),
    ];
    const { summary } = renderCard();
    expect(
      await within(summary).findByText("Sending: 100 of 250 subscribers."),
    ).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Sending progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(bar).toHaveAttribute("aria-valuemax", "250");
    expect(screen.queryByRole("button", { name: /Send .* subscribers/ })).not.toBeInTheDocument();
  });

  it("shows a sent post with what came back, and offers sending again to new subscribers only", async () => {
    db.current.results = [sendResult({ sent: 12, bounced: 1, unsubscribed: 2 })];
    db.current.audience = {
      language: "fr",
      recipients: 3,
      already_sent: true,
      pending: null,
      last_sent_at: "2026-03-02T09:01:00.000Z",
    };
    const { user, summary } = renderCard({
      target: {
        id: "post-1",
        title: "Croissance mobile",
        excerpt: null,
        language: "fr",
        status: "published",
        published_at: "2026-03-02T09:00:00.000Z",
      },
    });
    expect(
      await within(summary).findByText(/^Sent on .* to 12 subscribers\.$/),
    ).toBeInTheDocument();
    expect(within(summary).getByText("1 bounced · 2 unsubscribed")).toBeInTheDocument();
    expect(screen.getByTestId("newsletter-state")).toHaveTextContent("Sent");
    expect(
      await within(summary).findByText("3 confirmed French subscribers have not received it."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send to subscribers…" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send again to new subscribers…" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Send again to new subscribers?" }),
    );
    expect(
      await dialog.findByText(
        "E-mail this post again to 3 confirmed French subscribers who have not received it now.",
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Send now" }));
    await waitFor(() =>
      expect(db.current.rpcCalls).toContainEqual(
        expect.objectContaining({
          name: "schedule_newsletter_send",
          args: expect.objectContaining({ send_again: true }),
        }),
      ),
    );
  });

  it("offers no second send once every subscriber of the language has received the post", async () => {
    db.current.results = [sendResult({})];
    db.current.audience = { ...db.current.audience, recipients: 0, already_sent: true };
    const { summary } = renderCard();
    expect(
      await within(summary).findByText("Every confirmed French subscriber has received it."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send again to new subscribers…" })).toBeDisabled();
  });

  it("previews the e-mail in a sandboxed frame, at a desktop or a phone's width", async () => {
    const { user } = renderCard({ draft: { ...draftPost, title: "Titre non enregistré" } });
    await user.click(screen.getByRole("button", { name: "Preview e-mail" }));
    const dialog = within(await screen.findByRole("dialog", { name: "E-mail preview" }));
    const frame = await dialog.findByTitle("E-mail preview");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toContain("<h1>Titre non enregistré</h1>");
    expect(dialog.getByTestId("preview-subject")).toHaveTextContent("Titre non enregistré");
    expect(db.current.invocations[0]).toMatchObject({
      name: "send-newsletter/preview",
      body: { post: { title: "Titre non enregistré" } },
    });
    expect(frame).toHaveStyle({ width: `${previewWidths.desktop}px` });
    const phone = dialog.getByRole("button", { name: "Phone" });
    expect(phone).toHaveAttribute("aria-pressed", "false");
    await user.click(phone);
    expect(phone).toHaveAttribute("aria-pressed", "true");
    expect(frame).toHaveStyle({ width: `${previewWidths.phone}px` });
  });

  it("sends a test to the staff member's own address and says which", async () => {
    const { user } = renderCard();
    await user.click(screen.getByRole("button", { name: "Send a test to me" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Test e-mail sent", {
        description: "Sent to ada@agency.test. Check your inbox.",
      }),
    );
    expect(db.current.invocations).toEqual([
      {
        name: "send-newsletter/test",
        body: { post: draftPost, subject: "Croissance mobile", preheader: "Un court résumé." },
      },
    ]);
  });

  it("needs a subject", async () => {
    const { user } = renderCard();
    await user.clear(screen.getByLabelText("Subject"));
    expect(screen.getByRole("alert")).toHaveTextContent("Give the e-mail a subject.");
    expect(screen.getByRole("button", { name: "Preview e-mail" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send a test to me" })).toBeDisabled();
  });
});
