// `npm run build`'s first step: the site's settings, read as Vite reads them (the environment,
// then the .env files), checked before the type check and the bundling spend a minute on them.
// One line saying what to fix, as vite.config.ts says it to a bare `vite build`.
import { loadEnv } from "vite";
import { REPO_ROOT } from "../supabase/local/src/config.ts";
import { productionBuildProblem } from "./lib/site-environment.ts";

const problem = productionBuildProblem(loadEnv("production", REPO_ROOT, "VITE_"));
if (problem) {
  console.error(`The production build stops: ${problem}.`);
  process.exit(1);
}
