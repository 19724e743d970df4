import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { locales } from "@/config/routes";
import { loadDictionary } from "@/i18n";

// The app loads a language before rendering it; so do the tests.
beforeAll(() => Promise.all(locales.map((locale) => loadDictionary(locale))));

afterEach(() => cleanup());
