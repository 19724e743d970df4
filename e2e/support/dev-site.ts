// The site as `npm run build:local` builds it, but with React's development build, served by
// playwright.config.ts next to the production one: React reports misuse (of hooks, use(), keys)
// only in its development build, so e2e/console.spec.ts reads the console there.
const port = Number(process.env.E2E_PORT ?? 4173);
export const devSitePort = Number(process.env.E2E_DEV_PORT ?? port + 1);
export const devSiteUrl = `http://127.0.0.1:${devSitePort}`;
