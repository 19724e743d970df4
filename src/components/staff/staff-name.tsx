import { useId } from "react";
import { cn } from "@/lib/cn";
import { actingAccount, useStaffDirectory, type ActingAccount } from "@/lib/staff/staff-directory";

/**
 * A name with an e-mail address shown on hover and on keyboard focus: the name is focusable and
 * the address describes it, so screen readers read it too. Isolated (bdi), so a right-to-left
 * name cannot reorder the text around it.
 */
export function NameWithEmail({
  name,
  email,
  className,
}: {
  name: string;
  email: string;
  className?: string;
}) {
  const tip = useId();
  return (
    <bdi
      tabIndex={0}
      aria-describedby={tip}
      data-email={email}
      className={cn(
        "group relative inline-block rounded-sm underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {name}
      <span
        role="tooltip"
        id={tip}
        className="invisible absolute left-0 top-full z-20 mt-1 whitespace-nowrap rounded-md border bg-card px-2 py-1 text-xs font-normal text-card-foreground no-underline shadow-md group-hover:visible group-focus:visible"
      >
        {email}
      </span>
    </bdi>
  );
}

/** An acting account as the page shows it: see `actingAccount`. */
export function ActingAccountName({ account }: { account: ActingAccount }) {
  if (account.kind === "member") return <NameWithEmail name={account.name} email={account.email} />;
  if (account.kind === "former") {
    return (
      <>
        <bdi>{account.name}</bdi> (former member)
      </>
    );
  }
  return <bdi>{account.name}</bdi>;
}

/**
 * The account that acted (`userId`), by its current name from the staff directory, with its
 * e-mail on hover and focus; one no longer on the team shows the stored name, marked.
 */
export function StaffName({
  userId,
  storedName,
  fallback = "Staff member",
}: {
  userId: string | null;
  storedName: string | null;
  fallback?: string;
}) {
  const directory = useStaffDirectory();
  return (
    <ActingAccountName account={actingAccount(directory.data, userId, storedName, fallback)} />
  );
}
