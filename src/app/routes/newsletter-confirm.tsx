import { NewsletterLinkPage } from "@/features/newsletter/components/newsletter-link-page";
import { WithQueries } from "@/lib/with-queries";

export default function NewsletterConfirmPage() {
  return (
    <WithQueries>
      <NewsletterLinkPage action="confirm" />
    </WithQueries>
  );
}
