import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useLocation } from "react-router";
import { locales, switchLocalePath, type LanguageVersions, type Locale } from "@/config/routes";

/** The language versions one page named (a post and its translation), and that page's path. */
export interface PageLanguageVersions {
  pathname: string;
  versions: LanguageVersions;
}

const Context = createContext<{
  current: PageLanguageVersions | null;
  set: (next: PageLanguageVersions | null) => void;
} | null>(null);

const samePage = (a: PageLanguageVersions | null, b: PageLanguageVersions | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.pathname === b.pathname &&
    locales.every((locale) => a.versions[locale] === b.versions[locale]));

/**
 * Holds the language versions the current page names, for the header's language toggle, which
 * renders before the page. A prerendered page starts with those it was rendered with, so it
 * hydrates with the very same links.
 */
export function LanguageVersionsProvider({
  initial = null,
  children,
}: {
  initial?: PageLanguageVersions | null;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);
  const set = useCallback(
    (next: PageLanguageVersions | null) =>
      setCurrent((previous) => (samePage(previous, next) ? previous : next)),
    [],
  );
  const value = useMemo(() => ({ current, set }), [current, set]);
  return <Context value={value}>{children}</Context>;
}

/** A page names its versions in the other languages; the toggle leads there while it shows. */
export function usePageLanguageVersions(versions: LanguageVersions | null) {
  const { pathname } = useLocation();
  const set = use(Context)?.set;
  // The paths are what matters, not the object that carries them.
  const named = versions ? JSON.stringify(versions) : null;
  useEffect(() => {
    set?.(named ? { pathname, versions: JSON.parse(named) as LanguageVersions } : null);
  }, [set, pathname, named]);
}

/** Where the language toggle leads: the page's own version in `target`, or the route's. */
export function useSwitchLocalePath(target: Locale): string {
  const { pathname } = useLocation();
  const current = use(Context)?.current;
  return current?.pathname === pathname
    ? current.versions[target]
    : switchLocalePath(pathname, target);
}
