// The Supabase database linter (splinter) rules that apply to this schema, as SQL over
// pg_catalog against the migrated database: the security lints that hosted Supabase's
// Security Advisor reports, plus the performance lints that concern policies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures, type Figure } from "../../../scripts/hardening/figures.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { BACKEND, startProjectStack } from "./support.ts";

/** Why the team's changes may be called by any signed-in user. */
const TEAM_CHANGE =
  "the team's changes: each refuses (42501) anyone but a manager of staff before it reads or writes anything, and writes the audit log";

/** A SQL string literal. */
const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

// Schemas hosted Supabase owns; splinter leaves them out too.
const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'storage', 'extensions',
  'graphql', 'graphql_public', 'realtime', 'supabase_functions', 'supabase_migrations', 'vault',
  'pgsodium', 'pgbouncer', 'net', 'cron')`;

/**
 * Findings that are there on purpose, by lint. Each says why, and the test checks the guard that
 * makes it safe is in place (and that the entry is still needed).
 */
const INTENDED_FINDINGS: Record<string, Record<string, { reason: string; guardSql: string }>> = {
  "0008 rls_enabled_no_policy": {
    "public.intake_limits": {
      reason:
        "the limits against abuse are tuned by the service role only; no visitor or staff member may read or change them",
      guardSql: `
        select not has_table_privilege('anon', 'public.intake_limits', 'SELECT,INSERT,UPDATE,DELETE')
           and not has_table_privilege('authenticated', 'public.intake_limits', 'SELECT,INSERT,UPDATE,DELETE')
           and has_table_privilege('service_role', 'public.intake_limits', 'UPDATE')
           as guarded`,
    },
    "public.staff_role_permissions": {
      reason:
        "which staff role grants which permission is written by migrations only; clients learn theirs through has_permission() and my_staff_access()",
      guardSql: `
        select not has_table_privilege('anon', 'public.staff_role_permissions', 'SELECT,INSERT,UPDATE,DELETE')
           and not has_table_privilege('authenticated', 'public.staff_role_permissions', 'SELECT,INSERT,UPDATE,DELETE')
           and not has_table_privilege('service_role', 'public.staff_role_permissions', 'INSERT,UPDATE,DELETE')
           as guarded`,
    },
    "public.staff_settings": {
      reason:
        "the team's two-factor requirement is read through my_staff_access() and changed through set_team_two_factor() (manage_staff, aal2); no client reads or writes the table",
      guardSql: `
        select not has_table_privilege('anon', 'public.staff_settings', 'SELECT,INSERT,UPDATE,DELETE')
           and not has_table_privilege('authenticated', 'public.staff_settings', 'SELECT,INSERT,UPDATE,DELETE')
           and has_table_privilege('service_role', 'public.staff_settings', 'UPDATE')
           as guarded`,
    },
  },
  "0028/0029 security definer function executable": {
    "private.display_name_key(name text) by authenticated": {
      reason:
        "the unique index on staff names runs it as whoever writes a profile; a pure function of its argument (the confusables data is a literal in private, which writers may not use), reading no table",
      guardSql: `
        select p.provolatile = 'i' and p.proconfig @> array['search_path=""']
           and p.prosrc !~ '\\m(public|auth|storage)\\.'
           and not has_function_privilege('anon', p.oid, 'EXECUTE')
           as guarded
          from pg_proc p where p.oid = 'private.display_name_key(text)'::regprocedure`,
    },
    "public.has_permission(permission staff_permission) by anon, authenticated": {
      reason:
        "what every policy calls: it reads staff_role_permissions, which nobody else may read, and answers only for the caller's own token",
      guardSql: `
        select not has_table_privilege('anon', 'public.staff_role_permissions', 'SELECT')
           and not has_table_privilege('authenticated', 'public.staff_role_permissions', 'SELECT')
           and (select p.provolatile = 's' and p.proconfig @> array['search_path=""']
                       and p.pronargs = 1 and p.prorettype = 'boolean'::regtype
                  from pg_proc p where p.oid = 'public.has_permission(public.staff_permission)'::regprocedure)
           as guarded`,
    },
    ...Object.fromEntries(
      (
        [
          [
            "public.staff_role() by anon, authenticated",
            "public.staff_role()",
            "answers the caller's own role only (auth.uid(), joined, in a live session), never anyone else's",
            "member.user_id = (select auth.uid())",
          ],
          [
            "public.my_staff_access() by anon, authenticated",
            "public.my_staff_access()",
            "answers the caller's own membership only (auth.uid(), in a live session): no row for anyone else",
            "member.user_id = (select auth.uid())",
          ],
          [
            "public.staff_directory() by authenticated",
            "public.staff_directory()",
            "the names and e-mails of joined members, for members only (who wrote a note, who moved a lead): no rows for anyone else",
            "(select public.staff_role()) is not null",
          ],
          [
            "public.staff_team() by authenticated",
            "public.staff_team()",
            "the team list, for managers of staff only: no rows for anyone else",
            "(select public.has_permission('manage_staff'))",
          ],
          [
            "public.change_staff_role(member uuid, new_role staff_role) by authenticated",
            "public.change_staff_role(uuid, public.staff_role)",
            TEAM_CHANGE,
            "perform private.require_permission('manage_staff');",
          ],
          [
            "public.remove_staff_member(member uuid) by authenticated",
            "public.remove_staff_member(uuid)",
            TEAM_CHANGE,
            "perform private.require_permission('manage_staff');",
          ],
          [
            "public.revoke_staff_invitation(member uuid) by authenticated",
            "public.revoke_staff_invitation(uuid)",
            TEAM_CHANGE,
            "perform private.require_permission('manage_staff');",
          ],
          [
            "public.set_team_two_factor(required boolean) by authenticated",
            "public.set_team_two_factor(boolean)",
            TEAM_CHANGE,
            "perform private.require_permission('manage_staff');",
          ],
          [
            "public.accept_staff_invitation(display_name text) by authenticated",
            "public.accept_staff_invitation(text)",
            "an invitee joins: only the caller's own pending membership, still within its lifetime, in a live session, once they have a password",
            "where member.user_id = me and member.joined_at is null",
          ],
        ] as const
      ).map(([finding, signature, reason, check]) => [
        finding,
        {
          reason,
          guardSql: `
          select p.provolatile in ('s', 'v') and p.proconfig @> array['search_path=""']
             and position(${sqlString(check)} in p.prosrc) > 0
             and not has_table_privilege('anon', 'public.staff_members', 'SELECT,INSERT,UPDATE,DELETE')
             and not has_table_privilege('authenticated', 'public.staff_members', 'INSERT,UPDATE,DELETE')
             as guarded
            from pg_proc p where p.oid = '${signature}'::regprocedure`,
        },
      ]),
    ),
    ...Object.fromEntries(
      (
        [
          [
            "public.newsletter_audience(post_id uuid)",
            "public.newsletter_audience(uuid)",
            "how many a send of a post would reach (a count, no address), for those who send newsletters only",
          ],
          [
            "public.schedule_newsletter_send(post_id uuid, subject text, preheader text, send_again boolean)",
            "public.schedule_newsletter_send(uuid, text, text, boolean)",
            "asks for a send of a post, for those who send newsletters only; clients cannot write the sends themselves",
          ],
          [
            "public.cancel_newsletter_send(send_id uuid)",
            "public.cancel_newsletter_send(uuid)",
            "withdraws a send that has not started, for those who send newsletters only",
          ],
          [
            "public.claim_newsletter_test_email()",
            "public.claim_newsletter_test_email()",
            "the caller's own address for a test e-mail, for those who send newsletters only, 10 an hour",
          ],
          [
            "public.newsletter_send_results(post_id uuid)",
            "public.newsletter_send_results(uuid)",
            "counts per send (no address), for those who send newsletters or manage subscribers only",
          ],
        ] as const
      ).map(([signature, procedure, reason]) => [
        `${signature} by authenticated`,
        {
          reason: `${reason}: it refuses (42501) anyone else before it reads or writes anything`,
          guardSql: `
          select p.proconfig @> array['search_path=""']
             and position('private.require_any_permission(' in p.prosrc) > 0
             and not has_function_privilege('anon', p.oid, 'EXECUTE')
             and not has_table_privilege('authenticated', 'public.newsletter_sends', 'INSERT,UPDATE,DELETE')
             and not has_table_privilege('authenticated', 'public.newsletter_recipients', 'INSERT,UPDATE,DELETE')
             as guarded
            from pg_proc p where p.oid = '${procedure}'::regprocedure`,
        },
      ]),
    ),
    ...Object.fromEntries(
      (
        [
          [
            "public.overview_leads_per_week(time_zone text, weeks integer)",
            "public.overview_leads_per_week(text, integer)",
            "read_leads",
          ],
          [
            "public.overview_lead_funnel(since timestamp with time zone, until timestamp with time zone)",
            "public.overview_lead_funnel(timestamptz, timestamptz)",
            "read_leads",
          ],
          [
            "public.overview_reply_times(since timestamp with time zone, until timestamp with time zone, time_zone text, opens time without time zone, closes time without time zone, promise_hours double precision)",
            "public.overview_reply_times(timestamptz, timestamptz, text, time, time, double precision)",
            "read_leads",
          ],
          [
            "public.overview_waiting_leads(time_zone text, opens time without time zone, closes time without time zone, threshold_hours double precision, max_rows integer)",
            "public.overview_waiting_leads(text, time, time, double precision, integer)",
            "read_leads",
          ],
          [
            "public.overview_newsletter_per_week(time_zone text, weeks integer)",
            "public.overview_newsletter_per_week(text, integer)",
            "manage_subscribers",
          ],
          [
            "public.overview_posts_per_month(time_zone text, months integer)",
            "public.overview_posts_per_month(text, integer)",
            "manage_posts",
          ],
        ] as const
      ).map(([signature, procedure, permission]) => [
        `${signature} by authenticated`,
        {
          reason: `the Overview's counts (no contact details), for staff with ${permission} only: it refuses (42501) anyone else before it reads anything, and only reads`,
          guardSql: `
          select p.provolatile = 's' and p.proconfig @> array['search_path=""']
             and position(${sqlString(`private.require_any_permission(array['${permission}']`)} in p.prosrc) > 0
             and not has_function_privilege('anon', p.oid, 'EXECUTE')
             as guarded
            from pg_proc p where p.oid = '${procedure}'::regprocedure`,
        },
      ]),
    ),
    ...Object.fromEntries(
      [
        "public.newsletter_subscribe(email text, language text)",
        "public.confirm_newsletter_subscription(token text)",
        "public.unsubscribe_from_newsletter(token text)",
      ].map((signature) => [
        `${signature} by anon, authenticated`,
        {
          reason:
            "the newsletter's only visitor entry points: they answer the same for any address or token, and visitors cannot write the table themselves",
          guardSql: `
          select not has_table_privilege('anon', 'public.newsletter_subscribers', 'INSERT,UPDATE,DELETE')
             and not has_table_privilege('authenticated', 'public.newsletter_subscribers', 'INSERT,DELETE')
             and not has_schema_privilege('anon', 'private', 'USAGE')
             as guarded`,
        },
      ]),
    ),
  },
};

interface Lint {
  name: string;
  what: string;
  /** Security Advisor or Performance Advisor. */
  kind: "security" | "performance";
  sql: string;
}

const LINTS: Lint[] = [
  {
    name: "0013 rls_disabled_in_public",
    what: "row security on every public table",
    kind: "security",
    sql: `select format('%I.%I', n.nspname, c.relname) as finding
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and n.nspname = 'public' and not c.relrowsecurity`,
  },
  {
    name: "0007 policy_exists_rls_disabled",
    what: "no policy on a table without row security",
    kind: "security",
    sql: `select format('%I.%I: %s', n.nspname, c.relname, p.polname) as finding
            from pg_policy p join pg_class c on c.oid = p.polrelid
            join pg_namespace n on n.oid = c.relnamespace
           where not c.relrowsecurity`,
  },
  {
    name: "0008 rls_enabled_no_policy",
    what: "every table with row security has a policy, else only the service role reaches it (listed exceptions aside)",
    kind: "performance",
    sql: `select format('%I.%I', n.nspname, c.relname) as finding
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and c.relrowsecurity and n.nspname = 'public'
             and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
  },
  {
    name: "0011 function_search_path_mutable",
    what: "fixed, empty search_path on every public function",
    kind: "security",
    sql: `select format('%I.%I(%s) %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid),
                        coalesce(array_to_string(p.proconfig, ','), 'no search_path')) as finding
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
           where n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg_%'
             and d.objid is null
             and not coalesce(p.proconfig, '{}') && array['search_path=""']`,
  },
  {
    name: "definer_search_path (0011 for security definer functions in any schema)",
    what: "every security definer function (any schema) pins its search_path",
    kind: "security",
    sql: `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as finding
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
           where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
             and d.objid is null
             and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
  },
  {
    name: "0028/0029 security definer function executable",
    what: "no security definer function callable by anon or authenticated (listed exceptions aside)",
    kind: "security",
    sql: `select format('%I.%I(%s) by %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid),
                        string_agg(r.rolname, ', ' order by r.rolname)) as finding
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            cross join (values ('anon'), ('authenticated')) as r(rolname)
           where p.prosecdef and n.nspname not in ${SYSTEM_SCHEMAS}
             and has_function_privilege(r.rolname, p.oid, 'EXECUTE')
           group by n.nspname, p.proname, p.oid`,
  },
  {
    name: "0015 rls_references_user_metadata",
    what: "no policy (or function it calls) reads user_metadata",
    kind: "security",
    sql: `select format('%I.%I: %s', schemaname, tablename, policyname) as finding
            from pg_policies
           where coalesce(qual, '') ~* '(user_metadata|raw_user_meta_data)'
              or coalesce(with_check, '') ~* '(user_metadata|raw_user_meta_data)'
          union all
          select format('%I.%I()', n.nspname, p.proname)
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and p.prosrc ~* '(user_metadata|raw_user_meta_data)'`,
  },
  {
    name: "0024 rls_policy_always_true",
    what: "no always-true write policy for anon/authenticated",
    kind: "security",
    sql: `with p as (
            select c.relname as table_name, pol.polname,
                   case pol.polcmd when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE'
                        when '*' then 'ALL' else 'SELECT' end as command,
                   regexp_replace(lower(coalesce(pg_get_expr(pol.polqual, pol.polrelid), '')), '\\s', '', 'g') as q,
                   regexp_replace(lower(coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), '')), '\\s', '', 'g') as w,
                   pol.polqual is null as no_qual, pol.polwithcheck is null as no_check
              from pg_policy pol join pg_class c on c.oid = pol.polrelid
              join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relrowsecurity and pol.polpermissive
               and (pol.polroles = array[0::oid]
                    or exists (select 1 from unnest(pol.polroles) r
                                where r::regrole::text in ('anon', 'authenticated'))))
          select format('%s / %s', table_name, polname) as finding from p
           where (command in ('UPDATE', 'DELETE', 'ALL') and (q in ('true', '(true)', '1=1', '(1=1)') or no_qual))
              or w in ('true', '(true)', '1=1', '(1=1)')
              or (command = 'INSERT' and no_check)`,
  },
  {
    name: "0010 security_definer_view",
    what: "views readable by anon/authenticated use security_invoker",
    kind: "security",
    sql: `select format('%I.%I', n.nspname, c.relname) as finding
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('v', 'm') and n.nspname not in ${SYSTEM_SCHEMAS}
             and (has_table_privilege('anon', c.oid, 'SELECT')
                  or has_table_privilege('authenticated', c.oid, 'SELECT'))
             and not lower(coalesce(c.reloptions::text, '{}'))::text[]
                 && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on']`,
  },
  {
    name: "0002 auth_users_exposed",
    what: "no public view exposes auth.users",
    kind: "security",
    sql: `select format('%I.%I', schemaname, viewname) as finding
            from pg_views where schemaname = 'public' and definition ~* 'auth\\.users'`,
  },
  {
    name: "0003 auth_rls_initplan",
    what: "policies call auth.*() once per statement, (select auth.jwt())",
    kind: "performance",
    sql: `select format('%I.%I: %s', schemaname, tablename, policyname) as finding
            from pg_policies
           where (coalesce(qual, '') ~ 'auth\\.(uid|jwt|role|email)\\(\\)'
                  and lower(qual) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
              or (coalesce(with_check, '') ~ 'auth\\.(uid|jwt|role|email)\\(\\)'
                  and lower(with_check) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')`,
  },
  {
    name: "0006 multiple_permissive_policies",
    what: "one permissive policy per table, role and action",
    kind: "performance",
    sql: `select format('%I.%I %s for %s: %s', n.nspname, c.relname, a.cmd, r::regrole, string_agg(p.polname, ', ')) as finding
            from pg_policy p join pg_class c on c.oid = p.polrelid
            join pg_namespace n on n.oid = c.relnamespace
            cross join unnest(p.polroles) r
            cross join lateral (select unnest(case p.polcmd when '*' then array['r','a','w','d']
                                                    else array[p.polcmd::text] end) as cmd) a
           where n.nspname = 'public' and p.polpermissive
           group by n.nspname, c.relname, a.cmd, r
          having count(*) > 1`,
  },
  {
    name: "0004 no_primary_key",
    what: "every public table has a primary key",
    kind: "performance",
    sql: `select format('%I.%I', n.nspname, c.relname) as finding
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and n.nspname = 'public'
             and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,
  },
  {
    name: "0025 public_bucket_allows_listing",
    what: "no public bucket has a broad SELECT policy on storage.objects (anyone could list its files)",
    kind: "security",
    sql: `select format('%s: %s', b.id, p.policyname) as finding
            from storage.buckets b
            join pg_policies p on p.schemaname = 'storage' and p.tablename = 'objects'
                              and p.cmd in ('SELECT', 'ALL')
           where b.public
             and (p.qual is null
                  or regexp_replace(lower(p.qual), '\\s', '', 'g') in ('true', '(true)', '1=1', '(1=1)')
                  or p.qual ~* ('^\\s*\\(*\\s*bucket_id\\s*=\\s*' || quote_literal(b.id)
                                || '(\\s*::\\s*[[:alnum:]_.]+)?\\s*\\)*\\s*$'))`,
  },
  {
    name: "0014 extension_in_public",
    what: "no extension installed in public",
    kind: "security",
    sql: `select e.extname as finding from pg_extension e join pg_namespace n on n.oid = e.extnamespace
           where n.nspname = 'public'`,
  },
];

let stack: TestStack;
const figures: Figure[] = [];
/** lint name -> its findings (intended ones removed), and the intended findings by kind. */
const results = new Map<string, string[]>();
const exceptions: Record<Lint["kind"], string[]> = { performance: [], security: [] };

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null });
});

afterAll(async () => {
  for (const kind of ["performance", "security"] as const) {
    const lints = LINTS.filter((l) => l.kind === kind);
    const ran = lints.filter((l) => results.has(l.name));
    const found = ran.flatMap((l) => results.get(l.name)!.map((f) => `${l.name}: ${f}`));
    figures.unshift({
      area: "linter",
      check: `${kind} rules (${lints.map((l) => l.name.split(" ")[0]).join(", ")})`,
      backend: BACKEND,
      value:
        `${ran.length}/${lints.length} rules run, ${found.length} findings` +
        (found.length ? `: ${found.join("; ")}` : "") +
        (exceptions[kind].length ? `; intended: ${exceptions[kind].join("; ")}` : ""),
      ok: ran.length === lints.length && found.length === 0,
    });
  }
  recordFigures("linter", BACKEND, figures);
  await stack?.close();
});

async function findings(sql: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ finding: string }>(sql);
  return rows.map((r) => r.finding).sort();
}

describe(`database linter on the migrated schema (${BACKEND})`, () => {
  it("the schema has what the lints look at", async () => {
    // Lints over an empty catalogue would pass for nothing.
    const tables = await findings(
      `select c.relname as finding from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(tables).toEqual([
      "blog_posts",
      "intake_limits",
      "lead_emails",
      "lead_notes",
      "lead_status_changes",
      "leads",
      "newsletter_batches",
      "newsletter_recipients",
      "newsletter_sends",
      "newsletter_subscribers",
      "site_builds",
      "site_changes",
      "staff_audit_log",
      "staff_members",
      "staff_profiles",
      "staff_role_permissions",
      "staff_settings",
    ]);
    const policies = await findings(
      `select policyname as finding from pg_policies where schemaname = 'public'`,
    );
    expect(policies.length).toBeGreaterThanOrEqual(8);
  });

  for (const lint of LINTS) {
    it(`${lint.name}: ${lint.what}`, async () => {
      let found = await findings(lint.sql);
      const intended = INTENDED_FINDINGS[lint.name] ?? {};
      const allowed = found.filter((f) => f in intended);
      for (const f of allowed) {
        const { rows } = await stack.db.query<{ guarded: boolean }>(intended[f]!.guardSql);
        expect(rows[0]!.guarded, `${f}: ${intended[f]!.reason}`).toBe(true);
      }
      // A listed exception that the lint no longer reports must leave the list.
      expect(Object.keys(intended).filter((k) => !found.includes(k))).toEqual([]);
      found = found.filter((f) => !(f in intended));
      const note = allowed.map((a) => `${a} (${intended[a]!.reason})`);
      results.set(lint.name, found);
      exceptions[lint.kind].push(...note);
      expect(found).toEqual([]);
    });
  }

  it("the lints find what they look for (each rule fires on a deliberately bad object)", async () => {
    // Run in a transaction that is rolled back: proves the SQL above can fail.
    const bad = `
      create table public.lint_probe (id int);
      create table public.lint_probe_rls (id int primary key);
      alter table public.lint_probe_rls enable row level security;
      create policy probe_open on public.lint_probe_rls for update to anon using (true);
      create policy probe_meta on public.lint_probe_rls for select to authenticated
        using (auth.jwt() -> 'user_metadata' ->> 'role' = 'admin');
      create policy probe_meta2 on public.lint_probe_rls for select to authenticated using (true);
      create function public.lint_probe_fn() returns int language sql security definer as 'select 1';
      create view public.lint_probe_view as select * from public.lint_probe_rls;
      grant select on public.lint_probe_view to anon;
      create view public.lint_probe_users as select id, email from auth.users;
      create policy probe_no_rls on public.lint_probe for select using (true);
      create table public.lint_probe_no_policy (id int primary key);
      alter table public.lint_probe_no_policy enable row level security;
      insert into storage.buckets (id, name, public) values ('lint_probe_bucket', 'lint_probe_bucket', true);
      create policy lint_probe_listing on storage.objects for select to anon
        using (bucket_id = 'lint_probe_bucket');
    `;
    const caught: Record<string, number> = {};
    await stack.db
      .transaction({}, async (tx) => {
        await tx.exec(bad);
        for (const lint of LINTS) {
          const { rows } = await tx.query<{ finding: string }>(lint.sql);
          caught[lint.name] = rows.filter((r) => r.finding.includes("lint_probe")).length;
        }
        throw new Error("rollback");
      })
      .catch((e: Error) => {
        if (e.message !== "rollback") throw e;
      });
    const expectedToFire = [
      "0013 rls_disabled_in_public",
      "0007 policy_exists_rls_disabled",
      "0008 rls_enabled_no_policy",
      "0002 auth_users_exposed",
      "0011 function_search_path_mutable",
      "definer_search_path (0011 for security definer functions in any schema)",
      "0028/0029 security definer function executable",
      "0015 rls_references_user_metadata",
      "0024 rls_policy_always_true",
      "0010 security_definer_view",
      "0003 auth_rls_initplan",
      "0006 multiple_permissive_policies",
      "0004 no_primary_key",
      "0025 public_bucket_allows_listing",
    ];
    const silent = expectedToFire.filter((name) => !caught[name]);
    figures.push({
      area: "linter",
      check: "the rules fire on deliberately bad objects",
      backend: BACKEND,
      value: `${expectedToFire.length - silent.length}/${expectedToFire.length} rules fired${silent.length ? `; silent: ${silent.join(", ")}` : ""}`,
      ok: silent.length === 0,
    });
    expect(silent).toEqual([]);
  });
});
