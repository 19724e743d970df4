// How long a staff invitation works, for the pages that say so: the database's rule
// (private.staff_invitation_expires_at) and Auth's link lifetime ([auth.email] otp_expiry in
// supabase/config.toml); supabase/tests/hardening/invitations.test.ts holds all three equal.
export const invitationLifetimeHours = 24;
