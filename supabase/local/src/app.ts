// createApp(): the whole local Supabase API (/rest/v1, /auth/v1, /storage/v1, /functions/v1) as
// one Hono app, without a server, so it can be served (stack.ts) or driven with app.request().
import { Hono } from "hono";
import type { AppDependencies, AppEnv } from "./app-env.ts";
import { authRoutes } from "./auth/routes.ts";
import { corsMiddleware } from "./cors.ts";
import { errorHandler } from "./error-handler.ts";
import { functionRoutes } from "./function-routes.ts";
import { localRoutes } from "./local-routes.ts";
import { restRoutes } from "./rest/routes.ts";
import { storageRoutes } from "./storage/routes.ts";

export type { AppDependencies } from "./app-env.ts";

export function createApp(dependencies: AppDependencies): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use("*", corsMiddleware)
    .use("*", async (context, next) => {
      context.set("dependencies", dependencies);
      await next();
    })
    .route("/", restRoutes)
    .route("/auth/v1", authRoutes)
    .route("/", storageRoutes)
    .route("/", functionRoutes)
    .route("/", localRoutes)
    .notFound((context) => context.json({ message: "no Route matched with those values" }, 404))
    .onError(errorHandler(dependencies.log));
}
