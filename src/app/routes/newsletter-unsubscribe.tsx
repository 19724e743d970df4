import { NewsletterLinkPage } from "@/features/newsletter/components/newsletter-link-page";
import { WithQueries } from "@/lib/with-queries";

export default function NewsletterUnsubscribePage() {
  return (
    <WithQueries>
      <NewsletterLinkPage action="unsubscribe" />
    </WithQueries>
  );
}
