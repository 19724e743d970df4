import type { ReactNode } from "react";
import { QueryStatus } from "@/components/query-status";
import { NameWithEmail } from "@/components/staff/staff-name";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime, formatRelativeTime, roleLabels } from "@/lib/staff/format";
import { useTeam, type Team } from "../api/get-team";
import {
  memberActions,
  memberName,
  memberStatus,
  type MemberStatus,
  type TeamMember,
} from "../lib/team-member";
import { MemberActionButtons } from "./member-actions";

const columns = [
  "Name",
  "E-mail",
  "Role",
  "Two-factor",
  "Last sign-in",
  "Status",
  "Actions",
] as const;
type Column = (typeof columns)[number];

// On a phone each row is a card: the cells in two columns, each under its column's name (the
// table's headings are for screen readers there); from md up, a table.
const wide: Partial<Record<Column, string>> = {
  Name: "col-span-2",
  "E-mail": "col-span-2",
  Actions: "col-span-2",
};

function Cell({ column, children }: { column: Column; children: ReactNode }) {
  return (
    <td role="cell" className={cn("min-w-0 md:table-cell md:px-3 md:py-2.5", wide[column])}>
      <span aria-hidden className="block text-xs text-muted-foreground md:hidden">
        {column}
      </span>
      {children}
    </td>
  );
}

export function StatusLabel({ status }: { status: MemberStatus }) {
  if (status.kind === "active") return <Badge variant="secondary">Active</Badge>;
  const sent = (
    <time dateTime={status.invitedAt} title={formatDateTime(status.invitedAt)}>
      {formatDate(status.invitedAt)}
    </time>
  );
  return status.kind === "pending" ? (
    <span>Invitation pending · sent {sent}</span>
  ) : (
    <span className="text-destructive">Invitation expired · sent {sent}</span>
  );
}

function MemberRow({ member, team }: { member: TeamMember; team: Team }) {
  const status = memberStatus(member);
  const self = member.user_id === team.myId;
  return (
    <tr
      role="row"
      data-testid="team-member"
      className="grid grid-cols-2 gap-x-4 gap-y-3 p-4 md:table-row md:p-0"
    >
      <Cell column="Name">
        <span className="font-medium">
          {member.joined_at !== null && member.display_name ? (
            <NameWithEmail name={member.display_name} email={member.email} />
          ) : (
            <span className="font-normal text-muted-foreground">Not joined yet</span>
          )}
        </span>
        {self && <span className="ml-1.5 text-xs text-muted-foreground">(you)</span>}
      </Cell>
      <Cell column="E-mail">
        <bdi className="break-all">{member.email}</bdi>
      </Cell>
      <Cell column="Role">{roleLabels[member.role]}</Cell>
      <Cell column="Two-factor">{member.two_factor ? "On" : "Off"}</Cell>
      <Cell column="Last sign-in">
        {member.last_sign_in_at ? (
          <time dateTime={member.last_sign_in_at} title={formatDateTime(member.last_sign_in_at)}>
            {formatRelativeTime(member.last_sign_in_at)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        )}
      </Cell>
      <Cell column="Status">
        <StatusLabel status={status} />
      </Cell>
      <Cell column="Actions">
        <MemberActionButtons
          member={member}
          actions={memberActions(member, team.members, team.myId)}
        />
      </Cell>
    </tr>
  );
}

/** Every member and pending invitation, joined members first, then by name. */
function sorted(members: readonly TeamMember[]): TeamMember[] {
  return [...members].sort(
    (a, b) =>
      Number(a.joined_at === null) - Number(b.joined_at === null) ||
      memberName(a).localeCompare(memberName(b), "en"),
  );
}

function MembersTable({ team }: { team: Team }) {
  return (
    <div className="rounded-lg border bg-card">
      <table role="table" className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Staff members and pending invitations</caption>
        <thead
          role="rowgroup"
          className="sr-only border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground md:not-sr-only md:table-header-group"
        >
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-3 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y md:table-row-group">
          {sorted(team.members).map((member) => (
            <MemberRow key={member.user_id} member={member} team={team} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The team: who is on it, with what role, two-factor and last sign-in, and what to change. */
export function TeamMembers() {
  return (
    <QueryStatus
      query={useTeam()}
      labels={{
        loading: "Loading the team...",
        failed: (message) => `The team could not be loaded: ${message}`,
        retry: "Try again",
      }}
      placeholder={
        <div className="grid gap-2" data-testid="team-skeleton">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      }
      isEmpty={(team) => team.members.length === 0}
      empty="No one is on the team yet. Invite a colleague to start."
    >
      {(team) => <MembersTable team={team} />}
    </QueryStatus>
  );
}
