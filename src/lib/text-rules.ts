// Rules the database applies to what visitors type (see supabase/migrations), checked in the
// forms first so a visitor gets a message on the field rather than a refused request.

// The database's shape check, tightened a little so typos such as a missing top-level domain
// are caught before sending.
const emailShape = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)*\.[a-z]{2,}$/i;
// Only quoted local parts use these, and the database refuses them (…_email_plain_check).
const quotedAddressCharacters = /["(),:;<>[\]\\]/;

export function isEmailAddress(value: string): boolean {
  return emailShape.test(value) && !quotedAddressCharacters.test(value);
}

/** What single-line text may not hold: C0, DEL and C1 controls (the database's [[:cntrl:]]). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
export const singleLineControlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
