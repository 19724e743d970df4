-- One read policy on public.staff_members, as every other table has one per role and action
-- (the linter's 0006 multiple_permissive_policies; Postgres would evaluate both for every row):
-- a member reads their own membership (a pending one too: the welcome page), and managers of
-- staff read every one. The same rows as the two policies of 20261126051800_staff_accounts.sql.

drop policy "staff_members: members read their own" on public.staff_members;
drop policy "staff_members: staff managers read all" on public.staff_members;

create policy "staff_members: members read their own, staff managers read all"
  on public.staff_members for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.has_permission('manage_staff'))
  );
