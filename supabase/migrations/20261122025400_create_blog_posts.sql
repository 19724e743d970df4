-- Blog posts, one row per post and language (a translation is its own post).
--
-- Visitors read published posts whose publish time has come; staff read, create, update and
-- delete every post. published_at is filled in when a post is first published without one; a
-- published post with a future published_at is scheduled and stays hidden until then.

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  excerpt text,
  content text,
  category text,
  author text,
  status text not null default 'draft',
  featured boolean not null default false,
  meta_title text,
  meta_description text,
  tags text,
  keywords text,
  language text not null default 'fr',
  video_url text,
  image_url text,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  updated_at timestamptz not null default now(),

  constraint blog_posts_title_check check (
    btrim(title) <> '' and char_length(title) <= 300 and title !~ '[[:cntrl:]]'
  ),
  constraint blog_posts_slug_check check (
    char_length(slug) <= 200 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
  ),
  constraint blog_posts_excerpt_check check (excerpt is null or char_length(excerpt) <= 1000),
  constraint blog_posts_content_check check (content is null or char_length(content) <= 200000),
  constraint blog_posts_category_check check (
    category is null or category in (
      '', 'Mobile Marketing', 'iOS Marketing', 'Google Ads', 'Meta Ads', 'TikTok Marketing',
      'ASO', 'Analytics', 'Case Studies', 'Industry News'
    )
  ),
  constraint blog_posts_author_check check (
    author is null or (char_length(author) <= 200 and author !~ '[[:cntrl:]]')
  ),
  constraint blog_posts_status_check check (status in ('draft', 'published')),
  constraint blog_posts_meta_title_check check (meta_title is null or char_length(meta_title) <= 300),
  constraint blog_posts_meta_description_check check (
    meta_description is null or char_length(meta_description) <= 1000
  ),
  constraint blog_posts_tags_check check (tags is null or char_length(tags) <= 1000),
  constraint blog_posts_keywords_check check (keywords is null or char_length(keywords) <= 1000),
  constraint blog_posts_language_check check (language in ('en', 'fr')),
  -- Media links are rendered into pages: no script or inline-data schemes.
  constraint blog_posts_video_url_check check (
    video_url is null or (char_length(video_url) <= 2000 and video_url !~* '^\s*(javascript|data|vbscript):')
  ),
  constraint blog_posts_image_url_check check (
    image_url is null or (char_length(image_url) <= 2000 and image_url !~* '^\s*(javascript|data|vbscript):')
  )
);

comment on table public.blog_posts is 'Blog posts per language. Visitors see published posts whose published_at has passed.';
comment on column public.blog_posts.published_at is 'Set to now() when a post is published without a date; a future date schedules the post.';

-- One post by (language, slug); also what makes a slug unique per language.
create unique index blog_posts_language_slug_key on public.blog_posts (language, slug);
-- Public lists: published posts of one language, newest first (by publish or creation date).
create index blog_posts_public_published_at_idx on public.blog_posts (language, status, published_at desc);
create index blog_posts_public_created_at_idx on public.blog_posts (language, status, created_at desc);
-- Staff list: every post, newest first.
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);

-- Keeps updated_at current and stamps published_at on first publication.
create or replace function public.blog_posts_set_dates()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.updated_at := pg_catalog.now();
  end if;
  if new.status = 'published' and new.published_at is null then
    new.published_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

revoke all on function public.blog_posts_set_dates() from public, anon, authenticated;

create trigger blog_posts_set_dates
  before insert or update on public.blog_posts
  for each row execute function public.blog_posts_set_dates();

-- Grants: deny by default, then allow exactly what the site needs. id, created_at and
-- updated_at are never written by clients.
alter table public.blog_posts enable row level security;

revoke all on table public.blog_posts from public, anon, authenticated;
grant select on table public.blog_posts to anon, authenticated;
grant insert (title, slug, excerpt, content, category, author, status, featured, meta_title,
              meta_description, tags, keywords, language, video_url, image_url, published_at)
  on table public.blog_posts to authenticated;
grant update (title, slug, excerpt, content, category, author, status, featured, meta_title,
              meta_description, tags, keywords, language, video_url, image_url, published_at)
  on table public.blog_posts to authenticated;
grant delete on table public.blog_posts to authenticated;
grant all on table public.blog_posts to service_role;

-- Everyone reads published posts whose publish time has come; staff also read drafts and scheduled posts.
create policy "blog_posts: read published posts, staff read all"
  on public.blog_posts for select to anon, authenticated
  using ((status = 'published' and published_at <= now()) or (select public.is_admin()));

-- Only staff create posts.
create policy "blog_posts: staff create posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));

-- Only staff edit posts (including publishing and unpublishing them).
create policy "blog_posts: staff update posts"
  on public.blog_posts for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- Only staff delete posts.
create policy "blog_posts: staff delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));
