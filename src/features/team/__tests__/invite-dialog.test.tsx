import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { InviteDialog } from "../staff/components/invite-dialog";
import { toTeamActionError } from "../staff/lib/team-errors";
import { freshDatabase, functionRefusal } from "./fake-team-database";

vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const db = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof freshDatabase> }));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-team-database");
  return { getSupabase: async () => fakeSupabase(db.current) };
});

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => {};
  db.current = freshDatabase();
  vi.mocked(toast.success).mockClear();
});

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<InviteDialog />);
  await user.click(screen.getByRole("button", { name: "Invite a colleague" }));
  const dialog = await screen.findByRole("dialog", { name: "Invite a colleague" });
  return { user, dialog: within(dialog) };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  field: string,
  option: string,
) {
  dialog.getByRole("combobox", { name: field }).focus();
  await user.keyboard("{Enter}");
  await user.click(screen.getByRole("option", { name: option }));
}

describe("the invitation dialog", () => {
  it("asks for an address, then a valid one, before sending anything", async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    const email = dialog.getByLabelText("E-mail");
    expect(await dialog.findByText("Enter the colleague's e-mail address.")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    await user.type(email, "bob@agency");
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    expect(
      await dialog.findByText("Enter a valid e-mail address, such as name@agency.com."),
    ).toBeInTheDocument();
    expect(db.current.invocations).toEqual([]);
  });

  it("sends the address, the role and the invitation's language to the staff-team function", async () => {
    const { user, dialog } = await openDialog();
    expect(dialog.getByRole("combobox", { name: "Role" })).toHaveTextContent("Sales");
    expect(dialog.getByRole("combobox", { name: "Language of the invitation" })).toHaveTextContent(
      "English",
    );
    await user.type(dialog.getByLabelText("E-mail"), "  chloe@agency.test ");
    await choose(user, dialog, "Role", "Editor");
    await choose(user, dialog, "Language of the invitation", "Français");
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.current.invocations).toEqual([
      {
        name: "staff-team",
        body: { action: "invite", email: "chloe@agency.test", role: "editor", language: "fr" },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Invitation sent", {
      description: "chloe@agency.test has 24 hours to accept it.",
    });
  });

  it("puts an address the function refuses on the e-mail field, in words", async () => {
    db.current.functionAnswers.push({
      data: null,
      error: functionRefusal(409, { error: "already_member", message: "already" }),
    });
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText("E-mail"), "bob@agency.test");
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    expect(
      await dialog.findByText("This address already belongs to a staff member."),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("says when the caller may not invite, and when the function cannot be reached", async () => {
    db.current.functionAnswers.push(
      { data: null, error: functionRefusal(403, { error: "not_allowed", message: "no" }) },
      { data: null, error: { name: "FunctionsFetchError", message: "Failed to send a request" } },
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText("E-mail"), "eve@agency.test");
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "Only Administrators manage the team",
    );
    await user.click(dialog.getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(dialog.getByRole("alert")).toHaveTextContent("Failed to send a request"),
    );
  });
});

describe("the team's refusals", () => {
  it("have words for each code of the contract, and keep the server's for others", () => {
    expect(toTeamActionError("invalid_email").message).toBe("Enter a valid e-mail address.");
    expect(toTeamActionError("last_admin").message).toBe(
      "The team needs at least one Administrator.",
    );
    expect(toTeamActionError("unavailable", "Could not invite (503).").message).toBe(
      "Could not invite (503).",
    );
    expect(toTeamActionError(null, "").message).toBe(
      "The team could not be changed. Please try again.",
    );
    expect(toTeamActionError("already_member").code).toBe("already_member");
  });
});
