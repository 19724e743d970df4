import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose schema module is loaded on the first validation, so the
 * schema library stays out of a page's first load.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let resolver: Resolver<Values> | undefined;
  return async (...args) => {
    resolver ??= await load();
    return resolver(...args);
  };
}
