import { useSyncExternalStore } from "react";

/** The visitor's answer; null until they choose. */
export type ConsentChoice = "granted" | "denied";

interface ConsentState {
  choice: ConsentChoice | null;
  /** The banner was reopened from 'Cookie settings'. */
  settingsOpen: boolean;
}

// Brand-free: localStorage is the site's own origin already, and a key derived from the brand
// would forget every visitor's answer on a rename.
export const storageKey = "cookie-consent";

// Before the browser is read (prerendering, the hydrating render) nothing is known yet: the
// banner stays closed and no vendor loads, so server and client markup agree.
const unknown: ConsentState = { choice: null, settingsOpen: false };
const serverState: ConsentState = { choice: "denied", settingsOpen: false };

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

export function parseChoice(value: string | null): ConsentChoice | null {
  return value === "granted" || value === "denied" ? value : null;
}

function readStored(): ConsentChoice | null {
  try {
    return parseChoice(window.localStorage.getItem(storageKey));
  } catch {
    return null; // storage disabled: ask again on every visit
  }
}

function current(): ConsentState {
  if (typeof window === "undefined") return unknown;
  state ??= { choice: readStored(), settingsOpen: false };
  return state;
}

function update(next: ConsentState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getConsent(): ConsentChoice | null {
  return current().choice;
}

export function setConsent(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(storageKey, choice);
  } catch {
    // remembered for this page view only
  }
  update({ choice, settingsOpen: false });
}

export function openConsentSettings() {
  update({ ...current(), settingsOpen: true });
}

export function closeConsentSettings() {
  update({ ...current(), settingsOpen: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(subscribe, current, () => serverState);
}
