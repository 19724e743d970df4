import type { ComponentProps } from "react";
import { deferredComponent } from "@/lib/deferred-component";

/** The newsletter sign-up, whose code (react-hook-form, the query cache) loads as it comes into view. */
export const LazyNewsletterSignup = deferredComponent(async () => {
  const [{ NewsletterSignup }, { WithQueries }] = await Promise.all([
    import("./newsletter-signup"),
    import("@/lib/with-queries"),
  ]);
  return function NewsletterSignupWithQueries(props: ComponentProps<typeof NewsletterSignup>) {
    return (
      <WithQueries>
        <NewsletterSignup {...props} />
      </WithQueries>
    );
  };
});
