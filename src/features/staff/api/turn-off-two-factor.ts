import { useMutation } from "@tanstack/react-query";
import { removeTwoFactor } from "./remove-two-factor";
import { verifyTwoFactor } from "./verify-two-factor";

/**
 * Turns two-factor sign-in off: a fresh code first (Auth removes a verified factor only for a
 * session that has just given it, aal2), then the factor goes.
 */
export async function turnOffTwoFactor({
  factorId,
  code,
}: {
  factorId: string;
  code: string;
}): Promise<void> {
  await verifyTwoFactor({ factorId, code });
  await removeTwoFactor(factorId);
}

export function useTurnOffTwoFactor() {
  return useMutation({ mutationFn: turnOffTwoFactor });
}
