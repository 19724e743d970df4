import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { focusLinkedSection, followSectionLinks } from "@/lib/section-links";
import { LeadFormLink, LeadFormSection } from "../components/lead-form-section";

// The entry (src/boot.ts) starts this for the whole page.
beforeAll(followSectionLinks);

beforeEach(() => {
  // jsdom implements neither.
  Element.prototype.scrollIntoView = vi.fn();
  window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as typeof window.matchMedia;
});

describe("LeadFormSection", () => {
  it("moves focus to the section heading while it holds no form", async () => {
    render(
      <>
        <LeadFormLink target="audit">Get the audit</LeadFormLink>
        <LeadFormSection
          id="audit"
          copy={{ title: "Get Your Free App Growth Audit", intro: "Tell us more." }}
        />
      </>,
    );
    const link = screen.getByRole("link", { name: "Get the audit" });
    expect(link).toHaveAttribute("href", "#audit");
    await userEvent.click(link);
    expect(screen.getByRole("heading", { name: "Get Your Free App Growth Audit" })).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it("moves focus to the form's first field once the form is in the slot", async () => {
    render(
      <>
        <LeadFormLink target="audit">Get the audit</LeadFormLink>
        <LeadFormSection id="audit" copy={{ title: "Audit", intro: "Tell us more." }}>
          <form>
            <input type="hidden" name="source" value="homepage" />
            <label>
              Full Name <input name="name" />
            </label>
            <textarea aria-label="Message" />
          </form>
        </LeadFormSection>
      </>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Get the audit" }));
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveFocus();
  });

  it("moves focus into the section a link from another page names, and only into a section", () => {
    render(
      <>
        <p id="intro" tabIndex={-1}>
          Intro
        </p>
        <LeadFormSection id="audit" copy={{ title: "Audit", intro: "Tell us more." }}>
          <form>
            <label>
              Full Name <input name="name" />
            </label>
          </form>
        </LeadFormSection>
      </>,
    );
    focusLinkedSection("#intro");
    expect(document.body).toHaveFocus();
    focusLinkedSection("#audit");
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveFocus();
  });
});
