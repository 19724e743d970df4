import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { AuditLog } from "../staff/components/audit-log";
import type { AuditEntry } from "../staff/lib/audit-entry";
import { freshDatabase, MY_ID } from "./fake-team-database";

const db = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof freshDatabase> }));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-team-database");
  return { getSupabase: async () => fakeSupabase(db.current) };
});

const BOB = "00000000-0000-4000-8000-000000000002";
const GONE = "00000000-0000-4000-8000-00000000000f";

function entry(id: number, row: Partial<AuditEntry>): AuditEntry {
  return {
    id,
    created_at: "2026-11-30T09:00:00.000Z",
    action: "invited",
    actor_id: MY_ID,
    actor_name: "Ada",
    actor_email: "ada@agency.test",
    target_id: null,
    target_name: null,
    target_email: null,
    details: {},
    ...row,
  };
}

beforeEach(() => {
  db.current = freshDatabase();
});

describe("the audit log", () => {
  it("says who did what to whom, newest first, by the accounts' current names", async () => {
    db.current.audit = [
      entry(5, {
        action: "removed",
        target_id: GONE,
        target_name: "Zoé",
        target_email: "zoe@x.test",
      }),
      entry(4, {
        action: "role_changed",
        // Stored while Bob went by another name.
        target_id: BOB,
        target_name: "Robert",
        details: { from: "sales", to: "editor" },
      }),
      entry(3, { action: "two_factor_required" }),
      entry(2, { action: "joined", actor_id: BOB, target_id: BOB, target_name: "Robert" }),
      entry(1, {
        action: "invited",
        target_id: BOB,
        target_email: "bob@agency.test",
        details: { role: "sales", language: "en" },
      }),
    ];
    renderWithProviders(<AuditLog />);
    const list = await screen.findByRole("list", { name: "Staff changes, newest first" });
    await within(list).findAllByText("Bob");
    const sentences = within(list)
      .getAllByRole("listitem")
      .map((item) => {
        // The sentence as read, without the e-mails shown on hover.
        const sentence = item.querySelector("p")!.cloneNode(true) as HTMLElement;
        sentence.querySelectorAll("[role=tooltip]").forEach((tip) => tip.remove());
        return sentence.textContent;
      });
    expect(sentences).toEqual([
      "Ada removed Zoé (former member) from the team",
      "Ada changed Bob's role from Sales to Editor",
      "Ada required two-factor sign-in for everyone",
      "Bob accepted the invitation and joined",
      "Ada invited bob@agency.test as Sales",
    ]);
    expect(within(list).getAllByText("Ada")[0]).toHaveAccessibleDescription("ada@agency.test");
  });

  it("reads older entries on Load more, and has an empty state", async () => {
    db.current.audit = Array.from({ length: 20 }, (_, index) =>
      entry(40 - index, { action: "two_factor_optional" }),
    );
    renderWithProviders(<AuditLog />);
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await vi.waitFor(() =>
      expect(db.current.rpcCalls.filter(({ name }) => name === "staff_audit")).toEqual([
        { name: "staff_audit", args: { page_size: 20 } },
        { name: "staff_audit", args: { page_size: 40 } },
      ]),
    );
  });

  it("says when there is nothing yet", async () => {
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText("No staff changes yet.")).toBeInTheDocument();
  });
});
