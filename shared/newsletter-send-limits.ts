// The longest subject and preheader a newsletter send may have: public.newsletter_sends' check
// constraints, stated once for the staff form and the send-newsletter function
// (supabase/tests/newsletter-sends.test.ts holds them equal to the database's).
export const newsletterTextLimits = { subject: 200, preheader: 300 } as const;
