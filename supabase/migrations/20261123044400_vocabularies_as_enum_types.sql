-- The fixed vocabularies (site languages, lead sources and statuses, post statuses and
-- categories) as enum types: one list per fact, which the checks below read and which the
-- generated TypeScript types expose (`Constants.public.Enums`), so the forms, the staff area,
-- the blog and the notification function use the very same values.
--
-- The columns stay text, checked against their enum: a wrong value is still refused as a check
-- violation (23514) with the constraint's name, as before, and clients keep sending strings.
-- Adding a value is one `alter type ... add value` here, and everything else follows it.

create type public.site_language as enum ('en', 'fr');
create type public.lead_source as enum ('homepage', 'services', 'about', 'contact');
create type public.lead_status as enum ('new', 'contacted', 'qualified');
create type public.post_status as enum ('draft', 'published');
create type public.post_category as enum (
  'Mobile Marketing', 'iOS Marketing', 'Google Ads', 'Meta Ads', 'TikTok Marketing',
  'ASO', 'Analytics', 'Case Studies', 'Industry News'
);

alter table public.leads
  drop constraint leads_source_check,
  add constraint leads_source_check
    check (source = any (enum_range(null::public.lead_source)::text[])),
  drop constraint leads_language_check,
  add constraint leads_language_check
    check (language = any (enum_range(null::public.site_language)::text[])),
  drop constraint leads_status_check,
  add constraint leads_status_check
    check (status = any (enum_range(null::public.lead_status)::text[]));

alter table public.blog_posts
  drop constraint blog_posts_status_check,
  add constraint blog_posts_status_check
    check (status = any (enum_range(null::public.post_status)::text[])),
  drop constraint blog_posts_language_check,
  add constraint blog_posts_language_check
    check (language = any (enum_range(null::public.site_language)::text[])),
  -- An empty category means "none", as the editor has always stored it.
  drop constraint blog_posts_category_check,
  add constraint blog_posts_category_check
    check (category is null or category = '' or category = any (enum_range(null::public.post_category)::text[]));

alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_language_check,
  add constraint newsletter_subscribers_language_check
    check (language = any (enum_range(null::public.site_language)::text[]));
