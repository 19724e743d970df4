import { deferredComponent } from "@/lib/deferred-component";

/** The newsletter sign-up, whose code (react-hook-form, the query cache) loads as it comes into view. */
export const LazyNewsletterSignup = deferredComponent(async () => {
  const [{ NewsletterSignup }, { withQueries }] = await Promise.all([
    import("./newsletter-signup"),
    import("@/lib/with-queries"),
  ]);
  return withQueries(NewsletterSignup);
});
