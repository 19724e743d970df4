import { NewsletterSends } from "./newsletter-sends";
import { SubscribersList } from "./subscribers-list";

/** The Subscribers section: the sign-ups, then the newsletter's sends and their results. */
export function SubscribersSection() {
  return (
    <div className="grid gap-10">
      <SubscribersList />
      <NewsletterSends />
    </div>
  );
}
