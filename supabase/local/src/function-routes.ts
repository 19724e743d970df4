// /functions/v1/<name>: the project's Edge Functions, behind the API-key check.
import { Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { requireCaller } from "./keys.ts";

export const functionRoutes = new Hono<AppEnv>().all(
  "/functions/v1/:name{.+}",
  requireCaller,
  (context) => {
    const name = context.req.param("name").split("/")[0]!;
    return context.var.dependencies.functionRunner.run(name, context.req.raw);
  },
);
