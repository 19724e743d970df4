import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { renderWithProviders } from "@/test/render";
import { useOwnDisplayName } from "../api/get-staff-profile";
import { StaffProfileForm } from "../components/staff-profile-form";
import { staffProfileMessages, type StaffProfile } from "../lib/staff-profile";

vi.mock("@/components/ui/toaster", () => ({
  toast: { success: vi.fn(), error: vi.fn() },
}));
// The section's security cards have tests of their own (change-password-form, two-factor-settings).
vi.mock("../components/change-password-form", () => ({ ChangePasswordForm: () => null }));
vi.mock("../components/two-factor-settings", () => ({ TwoFactorSettings: () => null }));

const USER_ID = "6f1c2d3e-0000-4000-8000-000000000001";

/** The one staff_profiles row the fake database holds, what it refuses, and what it was sent. */
const db = vi.hoisted(() => ({
  profile: null as StaffProfile | null,
  refusal: null as { code: string; message: string } | null,
  /** Holds every write until released (to see the saving state). */
  hold: null as Promise<void> | null,
  writes: [] as { op: "update" | "insert"; payload: Record<string, unknown> }[],
}));

function stored(row: Partial<StaffProfile>): StaffProfile {
  return {
    user_id: USER_ID,
    display_name: "Admin",
    title: null,
    avatar_url: null,
    created_at: "2026-11-26T10:00:00.000Z",
    updated_at: "2026-11-26T10:00:00.000Z",
    ...row,
  };
}

// supabase-js as the api modules use it on staff_profiles: read one row, update, insert.
function staffProfiles() {
  let op: "select" | "update" | "insert" = "select";
  let payload: Record<string, unknown> = {};
  async function write() {
    await db.hold;
    db.writes.push({ op: op as "update" | "insert", payload });
    if (db.refusal) return { data: null, error: db.refusal };
    if (op === "update") {
      if (!db.profile) return { data: [], error: null };
      db.profile = { ...db.profile, ...payload, updated_at: new Date().toISOString() };
      return { data: [db.profile], error: null };
    }
    db.profile = stored(payload);
    return { data: db.profile, error: null };
  }
  const builder = {
    select: () => builder,
    eq: (column: string, value: string) => {
      expect([column, value]).toEqual(["user_id", USER_ID]);
      return builder;
    },
    update: (values: Record<string, unknown>) => ((op = "update"), (payload = values), builder),
    insert: (values: Record<string, unknown>) => ((op = "insert"), (payload = values), builder),
    maybeSingle: async () => ({ data: db.profile, error: null }),
    single: write,
    then: (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
      write().then(resolve, reject),
  };
  return builder;
}

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    auth: { getClaims: async () => ({ data: { claims: { sub: USER_ID } }, error: null }) },
    from: (table: string) => {
      expect(table).toBe("staff_profiles");
      return staffProfiles();
    },
  }),
}));

beforeEach(() => {
  db.profile = null;
  db.refusal = null;
  db.hold = null;
  db.writes = [];
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

async function renderForm() {
  renderWithProviders(<StaffProfileForm />, { route: "/admin" });
  const displayName = await screen.findByLabelText("Display name");
  return {
    displayName,
    title: screen.getByLabelText("Title"),
    avatarUrl: screen.getByLabelText("Avatar URL"),
    save: screen.getByRole("button", { name: "Save profile" }),
  };
}

describe("the staff profile form", { timeout: 20_000 }, () => {
  it("shows the stored profile, and saves changes with a toast", async () => {
    db.profile = stored({ display_name: "Admin", title: "Editor" });
    const user = userEvent.setup({ delay: null });
    const { displayName, title, avatarUrl, save } = await renderForm();
    expect(displayName).toHaveValue("Admin");
    expect(displayName).toBeRequired();
    expect(title).toHaveValue("Editor");
    expect(avatarUrl).toHaveValue("");
    expect(screen.queryByText(/You have no profile yet/)).not.toBeInTheDocument();

    await user.clear(displayName);
    await user.type(displayName, "  Ada Lovelace ");
    await user.clear(title);
    await user.type(avatarUrl, "/images/team/ada.png");

    let release = () => undefined as void;
    db.hold = new Promise<void>((resolve) => (release = resolve));
    await user.click(save);
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    release();

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Profile saved", {
        description: "New posts are signed with your display name.",
      }),
    );
    expect(db.writes).toEqual([
      {
        op: "update",
        payload: { display_name: "Ada Lovelace", title: null, avatar_url: "/images/team/ada.png" },
      },
    ]);
    expect(await screen.findByRole("button", { name: "Save profile" })).toBeEnabled();
    expect(displayName).toHaveValue("Ada Lovelace");
  });

  it("explains what it refuses before sending anything", async () => {
    db.profile = stored({});
    const user = userEvent.setup({ delay: null });
    const { displayName, avatarUrl, save } = await renderForm();

    await user.clear(displayName);
    await user.click(save);
    expect(await screen.findByText(staffProfileMessages.displayNameRequired)).toBeInTheDocument();
    expect(displayName).toHaveAttribute("aria-invalid", "true");

    await user.type(displayName, "admin@appgrove.local");
    await user.type(avatarUrl, "javascript:alert(1)");
    await user.click(save);
    expect(await screen.findByText(staffProfileMessages.displayNameEmail)).toBeInTheDocument();
    expect(screen.getByText(staffProfileMessages.avatarUrl)).toBeInTheDocument();

    // A colleague's name with a zero-width space in it.
    await user.clear(displayName);
    await user.type(displayName, "Ada\u200B Lovelace");
    await user.click(save);
    expect(await screen.findByText(staffProfileMessages.displayNameInvisible)).toBeInTheDocument();

    await user.clear(displayName);
    await user.type(displayName, "x".repeat(101));
    expect(displayName).toHaveValue("x".repeat(100));
    expect(db.writes).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("creates the profile of a staff member who has none yet", async () => {
    const user = userEvent.setup({ delay: null });
    const { displayName, title, save } = await renderForm();
    expect(screen.getByText(/You have no profile yet/)).toBeInTheDocument();
    expect(displayName).toHaveValue("");

    await user.type(displayName, "Grace Hopper");
    await user.type(title, "Head of Growth");
    await user.click(save);

    await waitFor(() => expect(toast.success).toHaveBeenCalledOnce());
    expect(db.writes.map((write) => write.op)).toEqual(["update", "insert"]);
    expect(db.writes[1]!.payload).toEqual({
      user_id: USER_ID,
      display_name: "Grace Hopper",
      title: "Head of Growth",
      avatar_url: null,
    });
    await waitFor(() =>
      expect(screen.queryByText(/You have no profile yet/)).not.toBeInTheDocument(),
    );
  });

  it("shows the database's refusal on the field and in a toast", async () => {
    db.profile = stored({});
    db.refusal = {
      code: "23514",
      message:
        'new row for relation "staff_profiles" violates check constraint "staff_profiles_avatar_url_check"',
    };
    const user = userEvent.setup({ delay: null });
    const { avatarUrl, save } = await renderForm();
    await user.type(avatarUrl, "https://example.com/ada.png");
    await user.click(save);

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", {
        description: staffProfileMessages.avatarUrl,
      }),
    );
    expect(screen.getByText(staffProfileMessages.avatarUrl)).toBeInTheDocument();
    expect(avatarUrl).toHaveAttribute("aria-invalid", "true");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says so on the name when a colleague already uses it, not the database's words", async () => {
    db.profile = stored({});
    db.refusal = {
      code: "23505",
      message: 'duplicate key value violates unique constraint "staff_profiles_display_name_key"',
    };
    const user = userEvent.setup({ delay: null });
    const { displayName, save } = await renderForm();
    await user.clear(displayName);
    await user.type(displayName, "ada lovelace");
    await user.click(save);

    await waitFor(() =>
      expect(screen.getByText(staffProfileMessages.displayNameTaken)).toBeInTheDocument(),
    );
    expect(displayName).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(/duplicate key/)).not.toBeInTheDocument();
  });
});

describe("useOwnDisplayName (a new post's author)", () => {
  function Author() {
    const name = useOwnDisplayName();
    return <p>{name === undefined ? "loading" : `author: "${name}"`}</p>;
  }

  it("is the profile's display name once it has loaded", async () => {
    db.profile = stored({ display_name: "Ada Lovelace" });
    renderWithProviders(<Author />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText('author: "Ada Lovelace"')).toBeInTheDocument();
  });

  it("is empty, never the e-mail, for a staff member without a profile", async () => {
    renderWithProviders(<Author />);
    expect(await screen.findByText('author: ""')).toBeInTheDocument();
  });
});
