import { useCallback, useEffect, useState } from "react";
import { UNSAFE_createBrowserHistory, type To } from "react-router";

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Decides whether leaving for `nextPathname` must be confirmed first. */
export type ShouldBlock = (nextPathname: string) => boolean;

interface Guard {
  shouldBlock: ShouldBlock;
  onBlocked: (navigation: { proceed: () => void }) => void;
}

// One page at a time asks before navigations (the editor with unsaved changes).
let guard: Guard | null = null;

/**
 * The browser history the app's router runs on, able to hold a navigation (a link, a
 * `navigate()` call or the back and forward buttons) until the page that asked confirms it.
 * React Router's own blocker needs its data router, which costs every public page
 * about 18 kB of gzipped JavaScript.
 */
export function createGuardedHistory(): BrowserHistory {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  const pathnameOf = (to: To) => history.createURL(to).pathname;
  const held = (fromPathname: string, nextPathname: string) =>
    guard !== null && nextPathname !== fromPathname && guard.shouldBlock(nextPathname);

  // The back/forward button has already moved the browser when we hear of it: a held move is
  // undone at once (unreported) and replayed if confirmed.
  let undoing = false;
  let replaying = false;
  let shownPathname = history.location.pathname;

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push(to, state) {
      if (held(history.location.pathname, pathnameOf(to)))
        guard?.onBlocked({ proceed: () => history.push(to, state) });
      else history.push(to, state);
    },
    replace(to, state) {
      if (held(history.location.pathname, pathnameOf(to)))
        guard?.onBlocked({ proceed: () => history.replace(to, state) });
      else history.replace(to, state);
    },
    listen(listener) {
      return history.listen((update) => {
        const { delta } = update;
        if (update.action === "POP" && undoing) {
          undoing = false;
          return;
        }
        if (update.action === "POP" && !replaying && delta) {
          if (held(shownPathname, update.location.pathname)) {
            undoing = true;
            history.go(-delta);
            guard?.onBlocked({
              proceed: () => {
                replaying = true;
                history.go(delta);
              },
            });
            return;
          }
        }
        replaying = false;
        shownPathname = update.location.pathname;
        listener(update);
      });
    },
  };
}

/**
 * Holds navigations away from the page while `shouldBlock` says so (keep it stable with
 * useCallback). `state` is "blocked" while a navigation waits: `proceed()` carries it out,
 * `reset()` stays on the page.
 */
export function useNavigationBlocker(shouldBlock: ShouldBlock) {
  const [waiting, setWaiting] = useState<{ proceed: () => void } | null>(null);

  useEffect(() => {
    const own: Guard = { shouldBlock, onBlocked: setWaiting };
    guard = own;
    return () => {
      if (guard === own) guard = null;
    };
  }, [shouldBlock]);

  const proceed = useCallback(() => {
    setWaiting(null);
    waiting?.proceed();
  }, [waiting]);
  const reset = useCallback(() => setWaiting(null), []);

  return { state: waiting ? ("blocked" as const) : ("unblocked" as const), proceed, reset };
}

export type NavigationBlocker = ReturnType<typeof useNavigationBlocker>;
