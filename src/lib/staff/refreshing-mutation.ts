import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * A staff change, after which every read under `keys` is read again: once it succeeded, or
 * (`settled`) after a failure too, since part of it may have gone through. The refresh is
 * awaited, so what `mutate`'s own callbacks show comes with fresh data.
 */
export function useRefreshingMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  keys: readonly QueryKey[],
  refreshOn: "success" | "settled" = "success",
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(refreshOn === "success" ? { onSuccess: refresh } : { onSettled: refresh }),
  });
}
