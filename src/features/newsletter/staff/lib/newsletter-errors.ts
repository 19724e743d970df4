/**
 * The words for each refusal of a newsletter operation: the database's SQLSTATEs (PT409 for a
 * send that is under way or done, PT429 for the test e-mails' limit, 42501 for a missing
 * permission, P0002 for a post that is gone) and the `send-newsletter` function's HTTP statuses.
 */
export const newsletterErrorMessages = {
  sending: "This post is being sent now. Wait until it is done.",
  already_sent:
    "This post was already sent to subscribers. Choose “Send again to new subscribers” to reach only those who have not received it.",
  test_limit:
    "You have sent as many test e-mails as an hour allows. Try again later, or send the post to subscribers.",
  not_allowed:
    "Only Administrators and Editors send newsletters. Sign in again, or ask an Administrator.",
  post_gone: "This post no longer exists. Go back to the list of posts.",
  invalid: "The e-mail could not be made from this post. Check its title and content, then retry.",
} as const;

export type NewsletterErrorCode = keyof typeof newsletterErrorMessages;

/** A refused newsletter operation: its code (when known) and the words to show for it. */
export class NewsletterError extends Error {
  override name = "NewsletterError";
  readonly code: NewsletterErrorCode | null;
  constructor(message: string, code: NewsletterErrorCode | null = null) {
    super(message);
    this.code = code;
  }
}

function known(code: NewsletterErrorCode): NewsletterError {
  return new NewsletterError(newsletterErrorMessages[code], code);
}

/** A database refusal (PostgREST's error shape) in words; `fallback` for anything unknown. */
export function fromDatabaseError(
  error: { code?: string; message?: string },
  fallback: string,
): NewsletterError {
  switch (error.code) {
    case "PT409":
      return known(/already sent/i.test(error.message ?? "") ? "already_sent" : "sending");
    case "PT429":
      return known("test_limit");
    case "42501":
      return known("not_allowed");
    case "P0002":
      return known("post_gone");
    default:
      return new NewsletterError(fallback);
  }
}

/** A refusal of the `send-newsletter` function, by its HTTP status, in words. */
export function fromFunctionStatus(status: number | null, fallback: string): NewsletterError {
  if (status === 401 || status === 403) return known("not_allowed");
  if (status === 429) return known("test_limit");
  if (status === 400 || status === 422) return known("invalid");
  return new NewsletterError(fallback);
}
