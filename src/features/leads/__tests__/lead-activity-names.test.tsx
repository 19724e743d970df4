import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { LeadNotes } from "../staff/components/lead-notes";

const ADA = "00000000-0000-4000-8000-00000000000a";
const GONE = "00000000-0000-4000-8000-00000000000f";

// The directory as staff_directory() answers it today: Ada only (the other author has left).
vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    rpc: (name: string) => {
      expect(name).toBe("staff_directory");
      return {
        throwOnError: async () => ({
          data: [{ user_id: ADA, display_name: "Ada Lovelace", email: "ada@agency.test" }],
        }),
      };
    },
  }),
}));

describe("a lead's notes", () => {
  it("name each author by their account's current name, with the e-mail on hover and focus", async () => {
    renderWithProviders(
      <LeadNotes
        leadId="lead-1"
        notes={[
          {
            id: "1",
            body: "Called them",
            // Stored when Ada had renamed herself after a colleague.
            author_id: ADA,
            author_name: "Bob",
            created_at: "2026-11-30T09:00:00.000Z",
          },
          {
            id: "2",
            body: "Sent the quote",
            author_id: GONE,
            author_name: "Chloé",
            created_at: "2026-11-30T10:00:00.000Z",
          },
          {
            id: "4",
            body: "Written before they left",
            // Their account was deleted: the database set the id to null, the name stays.
            author_id: null,
            author_name: "Dan",
            created_at: "2026-11-30T10:30:00.000Z",
          },
          {
            id: "3",
            body: "From the import",
            author_id: null,
            author_name: null,
            created_at: "2026-11-30T11:00:00.000Z",
          },
        ]}
      />,
    );
    const ada = await screen.findByText("Ada Lovelace");
    expect(ada).toHaveAttribute("tabindex", "0");
    expect(ada).toHaveAccessibleDescription("ada@agency.test");
    expect(screen.queryByText(/Bob/)).not.toBeInTheDocument();
    // Each name in an isolate (bdi): a right-to-left name cannot reorder the line around it.
    for (const former of ["Chloé", "Dan"]) {
      expect(screen.getByText(former).tagName).toBe("BDI");
      expect(screen.getByText(former).parentElement).toHaveTextContent(`${former} (former member)`);
    }
    expect(screen.getByText("Staff member").parentElement).toHaveTextContent(/Staff member ·/);
  });
});
