import { deferredComponent } from "@/lib/deferred-component";

/** The lead form, whose code (react-hook-form, the query cache) loads as it comes into view. */
export const LazyLeadForm = deferredComponent(async () => {
  const [{ LeadForm }, { withQueries }] = await Promise.all([
    import("./lead-form"),
    import("@/lib/with-queries"),
  ]);
  return withQueries(LeadForm);
});
