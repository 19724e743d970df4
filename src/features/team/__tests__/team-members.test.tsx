import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { TeamMembers } from "../staff/components/team-members";
import { memberStatus } from "../staff/lib/team-member";
import { freshDatabase, functionRefusal, member, MY_ID } from "./fake-team-database";

vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const db = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof freshDatabase> }));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-team-database");
  return { getSupabase: async () => fakeSupabase(db.current) };
});

beforeEach(() => {
  // Radix Select scrolls its chosen option into view; jsdom has no layout.
  Element.prototype.scrollIntoView ??= () => {};
  db.current = freshDatabase();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const rowOf = async (email: string) =>
  (await screen.findAllByTestId("team-member")).find(
    (row) => within(row).queryAllByText(email).length > 0,
  )!;

describe("the Team members table", () => {
  it("shows skeletons while it loads", async () => {
    let release!: () => void;
    db.current.hold = new Promise((resolve) => (release = resolve));
    renderWithProviders(<TeamMembers />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the team...");
    expect(screen.getByTestId("team-skeleton")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Bob")).toBeInTheDocument();
    expect(screen.queryByTestId("team-skeleton")).not.toBeInTheDocument();
  });

  it("says when the team cannot be read, and reads it again on Try again", async () => {
    db.current.rpcAnswers.staff_team = [
      { data: null, error: { code: "42501", message: "permission denied" } },
    ];
    renderWithProviders(<TeamMembers />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The team could not be loaded: permission denied");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Bob")).toBeInTheDocument();
  });

  it("has an empty state", async () => {
    db.current.team = [];
    renderWithProviders(<TeamMembers />);
    expect(
      await screen.findByText("No one is on the team yet. Invite a colleague to start."),
    ).toBeInTheDocument();
  });

  it("lists each member's name, e-mail, role, two-factor, last sign-in and status", async () => {
    renderWithProviders(<TeamMembers />);
    const headers = (await screen.findAllByRole("columnheader")).map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Name",
      "E-mail",
      "Role",
      "Two-factor",
      "Last sign-in",
      "Status",
      "Actions",
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 6)
        .map((cell) => cell.textContent);

    expect(cells(await rowOf("ada@agency.test"))).toEqual([
      "NameAdaada@agency.test(you)",
      "E-mailada@agency.test",
      "RoleAdministrator",
      "Two-factorOff",
      "Last sign-in5 minutes ago",
      "StatusActive",
    ]);
    expect(cells(await rowOf("bob@agency.test")).slice(2)).toEqual([
      "RoleSales",
      "Two-factorOn",
      "Last sign-in3 hours ago",
      "StatusActive",
    ]);
    const chloe = await rowOf("chloe@agency.test");
    expect(cells(chloe)[2]).toBe("RoleEditor");
    expect(cells(chloe)[4]).toBe("Last sign-inNever");
    expect(cells(chloe)[5]).toMatch(/^StatusInvitation pending · sent /);
    expect(cells(await rowOf("dan@agency.test"))[5]).toMatch(/^StatusInvitation expired · sent /);
  });

  it("shows a member's e-mail on hover and keyboard focus, as the name's description", async () => {
    renderWithProviders(<TeamMembers />);
    const bob = within(await rowOf("bob@agency.test"));
    const name = bob.getByText("Bob");
    // An isolate: a colleague's right-to-left name cannot reorder the row around it.
    expect(name.tagName).toBe("BDI");
    expect(name).toHaveAttribute("tabindex", "0");
    expect(name).toHaveAccessibleDescription("bob@agency.test");
    const user = userEvent.setup();
    // Ada's name, then Bob's: each name is a stop of the keyboard's path through the table.
    await user.tab();
    await user.tab();
    expect(name.closest("[tabindex]")).toHaveFocus();
    expect(within(name).getByRole("tooltip", { hidden: true })).toHaveTextContent(
      "bob@agency.test",
    );
  });

  it("offers what each row may do, never what would lock the signed-in Administrator out", async () => {
    renderWithProviders(<TeamMembers />);
    const buttons = async (email: string) =>
      within(await rowOf(email))
        .queryAllByRole("button")
        .map((button) => button.textContent);
    // The only Administrator: neither removal nor a role change on their own row.
    expect(await buttons("ada@agency.test")).toEqual([]);
    expect(await buttons("bob@agency.test")).toEqual(["Change role", "Reset two-factor", "Remove"]);
    expect(await buttons("chloe@agency.test")).toEqual(["Resend", "Revoke"]);
    expect(await buttons("dan@agency.test")).toEqual(["Resend", "Revoke"]);
  });

  it("lets an Administrator change their own role while another Administrator remains", async () => {
    db.current.team[1] = { ...db.current.team[1]!, role: "admin" };
    renderWithProviders(<TeamMembers />);
    const ada = await rowOf("ada@agency.test");
    expect(within(ada).getByRole("button", { name: "Change role: Ada" })).toBeInTheDocument();
    expect(within(ada).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("removes a member after a confirmation that says their sessions end at once", async () => {
    renderWithProviders(<TeamMembers />);
    fireEvent.click(
      within(await rowOf("bob@agency.test")).getByRole("button", { name: "Remove: Bob" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Remove Bob from the team?" });
    expect(dialog).toHaveTextContent("ends their sessions at once");
    db.current.team = db.current.team.filter(({ email }) => email !== "bob@agency.test");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("bob@agency.test")).not.toBeInTheDocument());
    expect(db.current.invocations).toEqual([
      {
        name: "staff-team",
        body: { action: "remove", member: "00000000-0000-4000-8000-000000000002" },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Bob was removed from the team");
  });

  it("says the team needs an Administrator when the database refuses a demotion", async () => {
    db.current.team[1] = { ...db.current.team[1]!, role: "admin" };
    db.current.rpcAnswers.change_staff_role = [
      {
        error: {
          code: "P0001",
          message: "last_admin",
          details: "The team needs at least one Administrator.",
        },
      },
    ];
    renderWithProviders(<TeamMembers />);
    fireEvent.click(
      within(await rowOf("ada@agency.test")).getByRole("button", { name: "Change role: Ada" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Change Ada's role" });
    const user = userEvent.setup();
    within(dialog).getByRole("combobox", { name: "Role" }).focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("option", { name: "Editor" }));
    await user.click(within(dialog).getByRole("button", { name: "Save role" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("The role was not changed", {
        description: "The team needs at least one Administrator.",
      }),
    );
    expect(db.current.rpcCalls).toContainEqual({
      name: "change_staff_role",
      args: { member: MY_ID, new_role: "editor" },
    });
  });

  it("resets a colleague's two-factor, with the function's refusal in words", async () => {
    db.current.functionAnswers.push({
      data: null,
      error: functionRefusal(404, {
        error: "not_found",
        message: "This person is not on the team.",
      }),
    });
    renderWithProviders(<TeamMembers />);
    fireEvent.click(
      within(await rowOf("bob@agency.test")).getByRole("button", {
        name: "Reset two-factor: Bob",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Reset Bob's two-factor sign-in?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset two-factor" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Two-factor was not reset", {
        description: "This person is no longer on the team. The list has been read again.",
      }),
    );
    expect(db.current.invocations[0]?.body).toEqual({
      action: "reset_two_factor",
      member: "00000000-0000-4000-8000-000000000002",
    });
  });
});

describe("a member's status", () => {
  it("is pending until the database's expiry of the invitation, then expired", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    const invited = (expiresAt: string | null) =>
      memberStatus(
        member({
          user_id: "x",
          email: "x@y.z",
          invited_at: "2026-11-30T12:00:00Z",
          joined_at: null,
          invitation_expires_at: expiresAt,
        }),
        now,
      ).kind;
    expect(invited("2026-12-01T12:00:01Z")).toBe("pending");
    expect(invited("2026-12-01T12:00:00Z")).toBe("expired");
    expect(invited(null)).toBe("expired");
    expect(memberStatus(member({ user_id: "x", email: "x@y.z" }), now).kind).toBe("active");
  });
});
