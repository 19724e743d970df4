import { memo, Suspense, use, useEffect, useRef, type ComponentType } from "react";
import { useLocation } from "react-router";
import { trackPromise } from "./track-promise";
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
  // The one promise of the component's code, whoever starts loading it (the visitor's approach,
  // a navigation, the prerender): every render hands use() this same promise, and once it has
  // settled use() reads it without suspending.
  let started = false;
  let settle: { resolve: (component: ComponentType<P>) => void; reject: (error: unknown) => void };
  const component: Promise<ComponentType<P>> = trackPromise(
    new Promise<ComponentType<P>>((resolve, reject) => (settle = { resolve, reject })),
  );
  const start = () => {
    if (!started) {
      started = true;
      load().then(settle.resolve, settle.reject);
    }
    return component;
  };
  loaders.add(start);
  const markNeeded = () => void start();

  // Memoized: an update reaching the un-hydrated part would have to wait for its code.
  const Loaded = memo(function Loaded(props: P) {
    // Rendered from scratch in the browser (not hydrated), the part needs its code now.
    if (useHydrated()) markNeeded();
    const Component = use(component);
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
      if (!element || started || !whenVisible) return;
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
