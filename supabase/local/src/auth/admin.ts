// The admin API, /admin/users[/:id]: for the service-role key only.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import type { Queryable } from "../db.ts";
import { AuthError } from "../errors.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { checkPasswordLength, requireBearerClaims } from "./user.ts";
import {
  asOwner,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserByUntrustedId,
  listUsers,
  updateUser,
  userJson,
  type UserInput,
} from "./users.ts";

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const requireServiceRole = createMiddleware<AppEnv>(async (context, next) => {
  const claims = requireBearerClaims(context);
  if (claims.role !== "service_role" && claims.role !== "supabase_admin") {
    throw new AuthError(403, "not_admin", "User not allowed");
  }
  await next();
});

const invalidEmail = () =>
  new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");

/**
 * The attributes an admin may set; `creating` requires an e-mail address. A password must have
 * [auth] minimum_password_length characters.
 */
function adminUserInput(
  body: Record<string, unknown>,
  creating: boolean,
  minimumPasswordLength: number,
): UserInput {
  const input: UserInput = {};
  if (body.email !== undefined) {
    if (typeof body.email !== "string" || !EMAIL.test(body.email.trim())) throw invalidEmail();
    input.email = body.email.trim().toLowerCase();
  } else if (creating) {
    throw invalidEmail();
  }
  if (body.password !== undefined) {
    // A password that is not text is refused as one too short.
    const password = typeof body.password === "string" ? body.password : "";
    checkPasswordLength(password, minimumPasswordLength);
    input.password = password;
  }
  if (body.email_confirm !== undefined) input.email_confirm = !!body.email_confirm;
  if (body.app_metadata && typeof body.app_metadata === "object")
    input.app_metadata = body.app_metadata as Record<string, unknown>;
  if (body.user_metadata && typeof body.user_metadata === "object")
    input.user_metadata = body.user_metadata as Record<string, unknown>;
  if (typeof body.ban_duration === "string")
    input.ban_duration = body.ban_duration === "none" ? "none" : body.ban_duration;
  return input;
}

async function requireUserById(database: Queryable, id: string) {
  const user = await findUserByUntrustedId(database, id);
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

async function checkEmailFree(database: Queryable, email: string) {
  if (await findUserByEmail(database, email)) {
    throw new AuthError(
      422,
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
}

/** GoTrue's pagination headers: Link (next, last) and X-Total-Count. */
function paginationHeaders(requestUrl: string, page: number, perPage: number, total: number) {
  const last = Math.max(1, Math.ceil(total / perPage));
  const url = new URL(requestUrl);
  const link = (target: number, relation: string) => {
    url.searchParams.set("page", String(target));
    url.searchParams.set("per_page", String(perPage));
    return `<${url.pathname}${url.search}>; rel="${relation}"`;
  };
  const links = [];
  if (page < last) links.push(link(page + 1, "next"));
  links.push(link(last, "last"));
  return { "x-total-count": String(total), link: links.join(", ") };
}

export const adminRoutes = new Hono<AppEnv>()
  .post("/admin/users", requireServiceRole, async (context) => {
    const { minimumPasswordLength } = context.var.dependencies.config;
    const input = adminUserInput(await readJsonObject(context), true, minimumPasswordLength);
    const user = await asOwner(context.var.dependencies.db, async (database) => {
      await checkEmailFree(database, input.email!);
      return createUser(database, input);
    });
    return goTrueJson(context, 200, userJson(user));
  })
  .get("/admin/users", requireServiceRole, async (context) => {
    const page = Math.max(1, Number(context.req.query("page") ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(context.req.query("per_page") ?? 50) || 50));
    const { users, total } = await asOwner(context.var.dependencies.db, (database) =>
      listUsers(database, { limit: perPage, offset: (page - 1) * perPage }),
    );
    const headers = paginationHeaders(context.req.url, page, perPage, total);
    return goTrueJson(context, 200, { users: users.map(userJson), aud: "authenticated" }, headers);
  })
  .get("/admin/users/:id", requireServiceRole, async (context) => {
    const id = context.req.param("id");
    const user = await asOwner(context.var.dependencies.db, (database) =>
      requireUserById(database, id),
    );
    return goTrueJson(context, 200, userJson(user));
  })
  .put("/admin/users/:id", requireServiceRole, async (context) => {
    const { minimumPasswordLength } = context.var.dependencies.config;
    const input = adminUserInput(await readJsonObject(context), false, minimumPasswordLength);
    const id = context.req.param("id");
    const user = await asOwner(context.var.dependencies.db, async (database) => {
      const current = await requireUserById(database, id);
      if (input.email && input.email !== current.email) await checkEmailFree(database, input.email);
      return updateUser(database, current, input);
    });
    return goTrueJson(context, 200, userJson(user));
  })
  .delete("/admin/users/:id", requireServiceRole, async (context) => {
    const id = context.req.param("id");
    const user = await asOwner(context.var.dependencies.db, async (database) => {
      const current = await requireUserById(database, id);
      await deleteUser(database, current.id);
      return current;
    });
    return goTrueJson(context, 200, userJson(user));
  });
