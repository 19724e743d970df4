import { lazy, Suspense, useSyncExternalStore, type CSSProperties } from "react";
import type { ExternalToast } from "sonner";

// sonner (about 9 kB gzipped) loads with the first toast, not with every page.
const loadSonner = () => import("sonner");

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function request() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

// sonner's rich colours put their text at about 4.3:1 on their backgrounds; a shade darker reads
// at 4.9:1 (WCAG AA asks 4.5:1). The toaster only shows these two kinds.
const readableColors = {
  "--success-text": "hsl(140, 100%, 25%)",
  "--error-text": "hsl(360, 100%, 42%)",
} as CSSProperties;

const Sonner = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: () => (
      <Toaster
        position="top-center"
        richColors
        closeButton
        toastOptions={{ className: "font-sans" }}
        style={readableColors}
      />
    ),
  };
});

/** Where toasts appear; it renders nothing until the first toast. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <Sonner />
    </Suspense>
  ) : null;
}

/** Loads and mounts the toaster ahead, where a toast is likely (a form that just hydrated). */
export function prepareToasts(): void {
  request();
  void loadSonner();
}

function show(kind: "success" | "error", message: string, options?: ExternalToast) {
  request();
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
}

/** sonner's toast, loaded on first use (the toast shows once the Toaster has mounted). */
export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
};
