import { useMutation } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { pathFor, type Locale } from "@/config/routes";
import { dictionaries } from "@/i18n/all";
import { renderWithProviders } from "@/test/render";
import { LeadForm } from "../components/lead-form";

vi.mock("@/components/ui/toaster", () => ({
  prepareToasts: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));

// What the next submission answers: the API module's error, as the database would refuse it.
const refusal = vi.hoisted(() => ({ status: 500 }));
vi.mock("../api/create-lead", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../api/create-lead")>();
  return {
    ...actual,
    useCreateLead: () =>
      useMutation({
        mutationFn: () => Promise.reject(new actual.LeadSubmissionError(refusal.status, "refused")),
      }),
  };
});

async function submitContactForm(locale: Locale) {
  const copy = dictionaries[locale].leadForm;
  renderWithProviders(<LeadForm variant="contact" source="contact" />, {
    route: pathFor("contact", locale),
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(new RegExp(copy.fields.name.label)), "Camille Martin");
  await user.type(
    screen.getByLabelText(new RegExp(copy.fields.email.label)),
    "camille@example.com",
  );
  await user.type(screen.getByLabelText(new RegExp(copy.fields.contactMessage.label)), "Bonjour");
  await user.click(screen.getByRole("button", { name: copy.submitContact }));
}

describe("the lead form's failure toast", () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    refusal.status = 500;
  });

  it("has the French title and the failure as its description on /fr", async () => {
    await submitContactForm("fr");
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(toast.error).toHaveBeenCalledWith("Erreur", {
      description: dictionaries.fr.leadForm.failure,
    });
  });

  it("has the English title in English", async () => {
    await submitContactForm("en");
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(toast.error).toHaveBeenCalledWith("Error", {
      description: dictionaries.en.leadForm.failure,
    });
  });

  it("keeps the title and says why when the flood guard refused the lead", async () => {
    refusal.status = 429;
    await submitContactForm("fr");
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(toast.error).toHaveBeenCalledWith("Erreur", {
      description: dictionaries.fr.leadForm.tooManyRequests,
    });
  });
});
