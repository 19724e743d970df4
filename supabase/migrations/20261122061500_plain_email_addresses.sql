-- E-mail addresses are plain addresses.
--
-- PostgREST turns a JSON array or object sent for a text column into its JSON text, so an API
-- call with "email": ["ada@example.com"] stored the address '["ada@example.com"]', which the
-- shape checks accepted. Quotes, brackets, parentheses, commas, colons, semicolons, angle
-- brackets and backslashes only ever appear in quoted local parts, which no visitor uses: refuse
-- them. NOT VALID: rows stored earlier keep their value; every new or changed row is checked.

-- Leads: an e-mail address the agency can reply to.
alter table public.leads
  add constraint leads_email_plain_check
  check (email !~ '["(),:;<>\[\]\\]') not valid;

-- Newsletter sign-ups: the same rule for the address that receives the newsletter.
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_email_plain_check
  check (email !~ '["(),:;<>\[\]\\]') not valid;
