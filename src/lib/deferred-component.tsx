import { memo, Suspense, use, useEffect, useRef, type ComponentType } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

const loaders = new Set<() => Promise<unknown>>();

/**
 * Loads every deferred component registered so far (by the page modules loaded so far): the
 * prerenderer renders them in full, and a client-side navigation shows them with the page.
 */
export function loadDeferredComponents(): Promise<unknown> {
  return Promise.all([...loaders].map((load) => load()));
}

/**
 * A component whose code loads only when it is needed. On a prerendered page its server HTML
 * stays in place, un-hydrated, until it comes near the viewport or the visitor reaches into it
 * (focus or pointer); then its chunk loads and it hydrates. With `whenVisible: false` the server
 * HTML stays until the component must render something new (static content, such as a post body).
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { whenVisible = true } = {},
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  loaders.add(start);

  let markNeeded = () => {};
  const needed = new Promise<void>((resolve) => (markNeeded = resolve)).then(start);

  // Memoized: an update reaching the un-hydrated part would have to wait for its code.
  const Loaded = memo(function Loaded(props: P) {
    const hydrated = useHydrated();
    const Component = loaded ?? use(hydrated ? start() : needed);
    return <Component {...props} />;
  });

  return function Deferred(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    // A navigation changes what the part reads (language, search parameters): it can only
    // render once hydrated, so its code is needed now.
    const { pathname, search } = useLocation();
    const shownAt = useRef(pathname + search);
    if (shownAt.current !== pathname + search) markNeeded();

    useEffect(() => {
      const element = ref.current;
      if (!element || loaded || !whenVisible) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) markNeeded();
        },
        { rootMargin: "300px" },
      );
      observer.observe(element);
      element.addEventListener("focusin", markNeeded);
      element.addEventListener("pointerenter", markNeeded);
      return () => {
        observer.disconnect();
        element.removeEventListener("focusin", markNeeded);
        element.removeEventListener("pointerenter", markNeeded);
      };
    }, []);
    return (
      <div ref={ref}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </div>
    );
  };
}
