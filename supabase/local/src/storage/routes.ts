// /storage/v1: the part of Supabase Storage's API that supabase-js's storage client uses for
// buckets made by migrations: list and read buckets; upload (POST, PUT, x-upsert), download
// (public, authenticated), list and remove objects. Every route but the public download passes
// the gateway's apikey check; every read or write of a row runs under the caller's role.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { etag } from "hono/etag";
import type { AppContext, AppEnv } from "../app-env.ts";
import type { Queryable } from "../db.ts";
import { findBucketRules, listBuckets, readBucket } from "./buckets.ts";
import { requestScope, requireStorageCaller, STORAGE_PREFIX, storageCaller } from "./caller.ts";
import { objectResponse } from "./download.ts";
import { storageErrors } from "./errors.ts";
import { ObjectFiles } from "./files.ts";
import {
  deleteObjects,
  findObject,
  findObjectIfAny,
  insertObject,
  listObjects,
  upsertObject,
} from "./objects.ts";
import { bucketPath, objectPath, requestPath } from "./paths.ts";
import {
  bucketListOptions,
  jsonObjectBody,
  objectListOptions,
  removedNames,
} from "./request-body.ts";
import { asCaller, asStorage } from "./transaction.ts";
import {
  fileMetadata,
  GLOBAL_FILE_SIZE_LIMIT,
  incomingFile,
  MULTIPART_ALLOWANCE,
} from "./upload.ts";

const BUCKET = `${STORAGE_PREFIX}/bucket`;
const OBJECT = `${STORAGE_PREFIX}/object`;

/** Storage's operation names (its ROUTE_OPERATIONS), set as storage.operation for SQL. */
const OPERATIONS = {
  listBuckets: "storage.bucket.list",
  getBucket: "storage.bucket.get",
  upload: "storage.object.upload",
  update: "storage.object.upload_update",
  download: "storage.object.get_authenticated",
  list: "storage.object.list",
  remove: "storage.object.delete_many",
};

/** `work` in one transaction under the caller's role; a refused JWT is Storage's AccessDenied. */
function asRequestCaller<T>(
  context: AppContext,
  operation: string,
  work: (transaction: Queryable) => Promise<T>,
): Promise<T> {
  const { caller } = storageCaller(context);
  return asCaller(context.var.dependencies.db, requestScope(context, caller), operation, work);
}

/** No body over the project-wide limit is read at all (the gateway's checks come first). */
const uploadLimit = bodyLimit({
  maxSize: GLOBAL_FILE_SIZE_LIMIT + MULTIPART_ALLOWANCE,
  onError: () => {
    throw storageErrors.entityTooLarge();
  },
});

/**
 * Upload: the bucket as Storage sees it (no policy), the file checked against its rules and
 * written as a new version, then the row under the caller's role; a refused row removes the new
 * file, so the current object is never touched. Once the row names the new version, the file
 * of the version it replaced goes.
 */
async function upload(context: AppContext, upsert: boolean, operation: string) {
  const { db, objectFiles } = context.var.dependencies;
  const { bucketId, name } = objectPath(requestPath(context), `${OBJECT}/`);
  const { caller } = context.var;
  const bucket = await asStorage(db, (connection) => findBucketRules(connection, bucketId));
  const file = await incomingFile(context, bucket);
  const previous = upsert
    ? await asStorage(db, (connection) => findObjectIfAny(connection, bucketId, name))
    : null;
  const version = ObjectFiles.newVersion();
  await objectFiles.write(version, file.bytes);
  const object = {
    bucketId,
    name,
    owner: typeof caller.claims.sub === "string" ? caller.claims.sub : null,
    metadata: fileMetadata(file, new Date()),
    userMetadata: file.userMetadata,
    version,
  };
  let id: string;
  try {
    id = await asCaller(db, requestScope(context, caller), operation, (transaction) =>
      upsert ? upsertObject(transaction, object) : insertObject(transaction, object),
    );
  } catch (error) {
    await objectFiles.remove(version);
    throw error;
  }
  if (previous?.version && previous.version !== version) {
    await objectFiles.remove(previous.version);
  }
  return context.json({ Id: id, Key: `${bucketId}/${name}` }, 200);
}

/**
 * Download with a JWT, as Storage's getObject: a public bucket's object is served to anyone (no
 * policy consulted); a private one's only if the caller's policies show its row. Without a valid
 * JWT (GET /object/<bucket>/<name> only), private buckets do not exist.
 */
async function download(context: AppContext, prefix: string, allowInvalidJwt: boolean) {
  const { db, objectFiles } = context.var.dependencies;
  const { bucketId, name } = objectPath(requestPath(context), prefix);
  const { caller, verified } = storageCaller(context, { allowInvalidJwt });
  const bucket = await asStorage(db, (connection) => findBucketRules(connection, bucketId));
  if (!verified && !bucket.public) throw storageErrors.noSuchBucket();
  const object = bucket.public
    ? await asStorage(db, (connection) => findObject(connection, bucketId, name))
    : await asCaller(db, requestScope(context, caller), OPERATIONS.download, (transaction) =>
        findObject(transaction, bucketId, name),
      );
  return objectResponse(objectFiles, object, context.req.query("download"));
}

export const storageRoutes = new Hono<AppEnv>()
  // As Storage's route schemas, a bad query or body is refused before the JWT is looked at.
  .get(BUCKET, async (context) => {
    const options = bucketListOptions(new URL(context.req.url).searchParams);
    return context.json(
      await asRequestCaller(context, OPERATIONS.listBuckets, (transaction) =>
        listBuckets(transaction, options),
      ),
    );
  })
  .get(`${BUCKET}/:bucketId`, async (context) => {
    const bucketId = bucketPath(requestPath(context), `${BUCKET}/`);
    return context.json(
      await asRequestCaller(context, OPERATIONS.getBucket, (transaction) =>
        readBucket(transaction, bucketId),
      ),
    );
  })
  .post(`${OBJECT}/list/:bucketId`, async (context) => {
    const bucketId = bucketPath(requestPath(context), `${OBJECT}/list/`);
    const options = objectListOptions(await jsonObjectBody(context));
    return context.json(
      await asRequestCaller(context, OPERATIONS.list, (transaction) =>
        listObjects(transaction, bucketId, options),
      ),
    );
  })
  // Public URLs need no key (an <img> sends none), as on hosted; only public buckets answer.
  .get(`${OBJECT}/public/*`, etag(), async (context) => {
    const { db, objectFiles } = context.var.dependencies;
    const { bucketId, name } = objectPath(requestPath(context), `${OBJECT}/public/`);
    const bucket = await asStorage(db, (connection) => findBucketRules(connection, bucketId));
    if (!bucket.public) throw storageErrors.noSuchBucket();
    const object = await asStorage(db, (connection) => findObject(connection, bucketId, name));
    return objectResponse(objectFiles, object, context.req.query("download"));
  })
  .get(`${OBJECT}/authenticated/*`, etag(), (context) =>
    download(context, `${OBJECT}/authenticated/`, false),
  )
  .get(`${OBJECT}/*`, etag(), (context) => download(context, `${OBJECT}/`, true))
  .post(`${OBJECT}/*`, requireStorageCaller, uploadLimit, (context) =>
    upload(context, context.req.header("x-upsert") === "true", OPERATIONS.upload),
  )
  .put(`${OBJECT}/*`, requireStorageCaller, uploadLimit, (context) =>
    upload(context, true, OPERATIONS.update),
  )
  .delete(`${OBJECT}/:bucketId`, async (context) => {
    const bucketId = bucketPath(requestPath(context), `${OBJECT}/`);
    const names = removedNames(await jsonObjectBody(context));
    const { removed, versions } = await asRequestCaller(context, OPERATIONS.remove, (transaction) =>
      deleteObjects(transaction, bucketId, names),
    );
    const { objectFiles } = context.var.dependencies;
    await Promise.all(versions.map((version) => objectFiles.remove(version)));
    return context.json(removed);
  })
  .all(`${STORAGE_PREFIX}/*`, (context) => {
    const url = new URL(context.req.url);
    throw storageErrors.routeNotFound(
      context.req.method,
      `${url.pathname.slice(STORAGE_PREFIX.length)}${url.search}`,
    );
  });
