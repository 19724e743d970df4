import { useSearchParams } from "react-router";
import { isStaffPath, staffPath } from "@/config/routes";

const returnParam = "next";

/** The sign-in form's address for a staff page someone reached signed out: it leads back there. */
export function signInPathFor({ pathname, search }: { pathname: string; search: string }): string {
  return `${staffPath("admin")}?${new URLSearchParams({ [returnParam]: pathname + search })}`;
}

/**
 * Where to go once signed in, from the sign-in form's `next` value: the staff page the form was
 * reached from. Only a staff path of this site counts, so a crafted link cannot send staff
 * anywhere else; `/admin` itself needs no return.
 */
export function returnPathFrom(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  const url = new URL(value, "http://site.invalid");
  if (url.origin !== "http://site.invalid" || !isStaffPath(url.pathname)) return null;
  if (url.pathname === staffPath("admin")) return null;
  return url.pathname + url.search;
}

export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return returnPathFrom(params.get(returnParam));
}
