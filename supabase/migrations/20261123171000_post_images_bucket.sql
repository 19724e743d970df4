-- Post images live in Supabase Storage (decision 16): one public bucket that only staff write.
--
-- Visitors load an image at its public URL (/storage/v1/object/public/post-images/<path>),
-- which Storage serves for a public bucket without consulting row security; nobody else needs
-- a policy to read. A SELECT policy for everyone would only let any visitor list every file in
-- the bucket (the Security Advisor's lint 0025, public_bucket_allows_listing): reading and
-- listing rows stays with staff. The bucket takes files up to 5 MB and only JPEG, PNG, WebP and
-- AVIF, so an upload can never put HTML or SVG (which can carry scripts) on the project's domain.
-- On conflict do nothing: a bucket made earlier (say, in the dashboard) keeps its settings.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'post-images',
  'post-images',
  true,
  5242880,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
)
on conflict (id) do nothing;

-- Staff read the bucket's settings (getBucket, listBuckets); visitors never need them.
create policy "post-images: staff read the bucket"
  on storage.buckets for select to authenticated
  using (id = 'post-images' and (select public.is_admin()));

-- Staff list and download the bucket's objects through the API; visitors use public URLs.
create policy "post-images: staff read objects"
  on storage.objects for select to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()));

-- Only staff upload images.
create policy "post-images: staff upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'post-images' and (select public.is_admin()));

-- Only staff replace an image (an upsert or an update), and it stays in the bucket.
create policy "post-images: staff replace"
  on storage.objects for update to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()))
  with check (bucket_id = 'post-images' and (select public.is_admin()));

-- Only staff delete images.
create policy "post-images: staff delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()));
