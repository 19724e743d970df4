import { ExternalLink, LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { LanguageSync } from "@/components/layout/language-sync";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { pathFor, staffPath } from "@/config/routes";
import { site } from "@/config/site";
import { cn } from "@/lib/cn";
import { useStaffSession } from "../api/get-staff-session";
import { useOwnStaffProfile } from "../api/get-staff-profile";
import { useSignOutStaff } from "../api/sign-out-staff";
import { staffPageWidth } from "@/lib/staff/staff-layout";
import type { StaffPermission } from "../lib/staff-role";
import { needsTwoFactorSetup } from "../lib/two-factor";
import { sectionsFor, staffSectionPath, useStaffSection } from "../lib/staff-sections";

function SectionLinks({ permissions }: { permissions: readonly StaffPermission[] }) {
  const { pathname } = useLocation();
  const current = useStaffSection(permissions);
  // In the editor no section is current: the links lead back to one.
  const onAdmin = pathname === staffPath("admin");
  return (
    <nav aria-label="Staff sections" className="-mx-1 min-w-0 overflow-x-auto">
      <ul className="flex items-center gap-1 px-1">
        {sectionsFor(permissions).map(({ id, label }) => {
          const active = onAdmin && current === id;
          return (
            <li key={id}>
              <Link
                to={staffSectionPath(id)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
                  active ? "bg-primary/10 text-primary" : "text-muted-foreground",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Who is signed in: their display name once their profile has loaded, their e-mail until then. */
function SignedInAs({ email }: { email: string }) {
  const profile = useOwnStaffProfile();
  return (
    <Link
      to={staffSectionPath("profile")}
      className="hidden max-w-48 truncate rounded-md px-2 py-2 text-sm font-medium hover:bg-muted lg:inline"
      title={email}
    >
      <span className="sr-only">Signed in as </span>
      {profile.data?.display_name ?? email}
    </Link>
  );
}

function SignOutButton() {
  const signOut = useSignOutStaff();
  // Awaited rather than mutate's own callbacks: signed out, the shell replaces this button with
  // the login form, and an unmounted caller's callbacks never run.
  async function logout() {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      toast.error(`Logout failed: ${(error as Error).message}`);
      return;
    }
    toast.success("Logged out", { description: "You have been signed out." });
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void logout()} disabled={signOut.isPending}>
      <LogOut aria-hidden /> Logout
    </Button>
  );
}

/**
 * The staff workspace around `/admin` and `/blog-editor/*`: no public navigation, call to action
 * or language toggle; the sections, who is signed in and sign-out. On phones the sections get a
 * row of their own, so the shell sets its own header height for the pages' sticky bars.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  const staff = session.status === "staff" ? session : null;
  // Until the code is given, or two-factor set up where the team requires it: no sections.
  const sections = staff && !needsTwoFactorSetup(staff) ? staff : null;
  const signedIn = session.status === "staff" || session.status === "two-factor";

  return (
    <div
      className={cn(
        "flex min-h-dvh flex-col bg-muted/30",
        sections && "[--header-height:6rem] md:[--header-height:4rem]",
      )}
    >
      {/* The staff paths are English ones (decision 3), whatever page the visitor came from. */}
      <LanguageSync />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div
          className={cn(
            staffPageWidth,
            "flex h-[var(--header-height)] flex-wrap items-center gap-x-4 gap-y-1 py-2 md:flex-nowrap md:py-0",
          )}
        >
          <Link
            to={staffPath("admin")}
            className="flex shrink-0 items-center gap-2 rounded-md"
            // Starts with the visible "<brand> Staff" (WCAG 2.5.3, label in name).
            aria-label={`${site.name} Staff workspace`}
          >
            <Logo />{" "}
            <span className="rounded-sm bg-muted px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              Staff
            </span>
          </Link>
          {sections && (
            <div className="order-last w-full md:order-none md:w-auto md:flex-1">
              <SectionLinks permissions={sections.permissions} />
            </div>
          )}
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <a
              href={pathFor("home", "en")}
              target="_blank"
              rel="noopener"
              className="hidden items-center gap-1 rounded-md px-2 py-2 text-sm text-muted-foreground hover:text-foreground sm:flex"
            >
              View site
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            {staff && <SignedInAs email={staff.email} />}
            {signedIn && <SignOutButton />}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 pt-[var(--header-height)] focus:outline-none">
        {children}
      </main>
    </div>
  );
}
