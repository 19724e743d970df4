// `npm run build:local` into DIST_DIR against a fresh in-memory local stack, then stops the
// stack: a build with the sample posts prerendered, for scans (npm run test:hardening).
import { buildAgainstFreshStack } from "./lib/local-build.ts";

const distDir = process.env.DIST_DIR ?? "node_modules/.tmp/local-dist";
await (await buildAgainstFreshStack(distDir, "http://127.0.0.1:4173")).close();
