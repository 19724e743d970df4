// Storage conformance through the real supabase-js client (and plain fetch where a browser
// would use none): buckets made by SQL, as migrations make them, with policies for staff.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { client, grantAdminClaim, startTestStack, type TestStack } from "./helpers.ts";

const STAFF = { email: "staff@storage.test", password: "staff-password-for-storage" };
const MEMBER = { email: "member@storage.test", password: "member-password-for-storage" };

const IS_STAFF = `coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'`;
const FIXTURE = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('images', 'images', true, 1024, array['image/png', 'image/jpeg']),
  ('private', 'private', false, null, null);
create policy staff_objects on storage.objects for all to authenticated
  using (bucket_id in ('images', 'private') and ${IS_STAFF})
  with check (bucket_id in ('images', 'private') and ${IS_STAFF});
create policy staff_buckets on storage.buckets for select to authenticated using (${IS_STAFF});
`;

// A 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

let stack: TestStack;
let storageDir: string;
let staff: SupabaseClient;
let member: SupabaseClient;

const png = (bytes: Buffer = PNG) => new Blob([new Uint8Array(bytes)], { type: "image/png" });
const md5 = (bytes: Uint8Array) => crypto.createHash("md5").update(bytes).digest("hex");
const storedFiles = () => fs.readdirSync(storageDir).length;
const unique = (name: string) => `${crypto.randomUUID().slice(0, 8)}-${name}`;

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client(stack.url, stack.anonKey);
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

/** A request to /storage/v1 with the anon key, as a browser or curl would send it. */
function storageFetch(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.url}/storage/v1${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      ...(init.headers as Record<string, string>),
    },
  });
}

type RawRequest = [
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: string | Buffer,
];

/**
 * A request to /storage/v1 whose target goes out exactly as written: fetch, browsers and so
 * supabase-js resolve "." and ".." segments (percent-encoded ones too) before sending.
 */
function rawStorageRequest(
  ...[method, pathAndQuery, headers, body = ""]: RawRequest
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      stack.url,
      {
        method,
        path: `/storage/v1${pathAndQuery}`,
        headers: { apikey: stack.anonKey, "content-length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.setEncoding("utf8");
        let text = "";
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Storage's refusal: HTTP 400, the refusal's own status in the body (matched, not equal). */
async function expectRefusal(response: Response, body: Record<string, string>): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject(body);
}

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  stack = await startTestStack({ extraSql: [FIXTURE], seedAdmin: STAFF, storageDir });
  await grantAdminClaim(stack, STAFF.email);
  const created = await stack.service.auth.admin.createUser({
    ...MEMBER,
    email_confirm: true,
    user_metadata: { role: "admin" },
  });
  expect(created.error).toBeNull();
  staff = await signedIn(STAFF.email, STAFF.password);
  member = await signedIn(MEMBER.email, MEMBER.password);
});

afterAll(async () => {
  await stack?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

describe("upload and the public URL", () => {
  it("stores a multipart upload and serves it at getPublicUrl() to anyone, with no key", async () => {
    const name = unique("cat.png");
    const { data, error } = await staff.storage.from("images").upload(`folder/${name}`, png());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `folder/${name}`, fullPath: `images/folder/${name}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const { publicUrl } = staff.storage.from("images").getPublicUrl(`folder/${name}`).data;
    expect(publicUrl).toBe(`${stack.url}/storage/v1/object/public/images/folder/${name}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=3600");
    expect(response.headers.get("etag")).toBe(`"${md5(PNG)}"`);
    expect(response.headers.get("last-modified")).toMatch(/GMT$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    const again = await fetch(publicUrl, {
      headers: { "if-none-match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(`"${md5(PNG)}"`);
  });

  it("stores a raw body with its content type and cache control", async () => {
    const name = unique("raw.png");
    const { error } = await staff.storage
      .from("images")
      .upload(name, PNG, { contentType: "image/png", cacheControl: "60" });
    expect(error).toBeNull();
    const response = await fetch(staff.storage.from("images").getPublicUrl(name).data.publicUrl);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=60");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a name already taken unless upsert, and replaces the file on upsert and update", async () => {
    const name = unique("replaced.png");
    const bucket = staff.storage.from("images");
    expect((await bucket.upload(name, png())).error).toBeNull();
    const files = storedFiles();

    const taken = await bucket.upload(name, png());
    expect(taken.error).toMatchObject({ status: 400, statusCode: "409" });
    expect(taken.error!.message).toBe("The resource already exists");

    const second = Buffer.concat([PNG, Buffer.from("second")]);
    expect((await bucket.upload(name, png(second), { upsert: true })).error).toBeNull();
    const third = Buffer.concat([PNG, Buffer.from("third")]);
    expect((await bucket.update(name, png(third))).error).toBeNull();

    const response = await fetch(bucket.getPublicUrl(name).data.publicUrl);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(third);
    // The replaced versions' files are gone: one file per object.
    expect(storedFiles()).toBe(files);
  });

  it("answers a download with ?download as an attachment", async () => {
    const name = unique("attached.png");
    await staff.storage.from("images").upload(name, png());
    const url = staff.storage.from("images").getPublicUrl(name, { download: "photo.png" })
      .data.publicUrl;
    const response = await fetch(url);
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=photo.png; filename*=UTF-8''photo.png",
    );
  });
});

describe("the bucket's rules", () => {
  it("refuses a file over the bucket's size limit with Storage's error", async () => {
    const tooBig = Buffer.alloc(1025, 1);
    for (const body of [png(tooBig), tooBig]) {
      const files = storedFiles();
      const { error } = await staff.storage
        .from("images")
        .upload(unique("big.png"), body, { contentType: "image/png" });
      expect(error).toMatchObject({ status: 400, statusCode: "413" });
      expect(error!.message).toBe("The object exceeded the maximum allowed size");
      expect(storedFiles()).toBe(files);
    }
    const exact = await staff.storage
      .from("images")
      .upload(unique("exact.png"), png(Buffer.alloc(1024, 1)));
    expect(exact.error).toBeNull();
  });

  it("answers Storage's exact error bodies for size and type", async () => {
    const name = unique("x.png");
    const session = (await staff.auth.getSession()).data.session!;
    const headers = { authorization: `Bearer ${session.access_token}` };
    const big = await storageFetch(`/object/images/${name}`, {
      method: "POST",
      headers: { ...headers, "content-type": "image/png" },
      body: Buffer.alloc(2000),
    });
    await expectRefusal(big, {
      statusCode: "413",
      code: "EntityTooLarge",
      error: "Payload too large",
      message: "The object exceeded the maximum allowed size",
    });
    const text = await storageFetch(`/object/images/${name}`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: "hello",
    });
    await expectRefusal(text, {
      statusCode: "415",
      code: "InvalidMimeType",
      error: "invalid_mime_type",
      message: "mime type text/plain is not supported",
    });
  });

  it("refuses types the bucket does not allow, multipart or raw", async () => {
    const asText = await staff.storage
      .from("images")
      .upload(unique("a.png"), new Blob(["hi"], { type: "text/plain" }));
    expect(asText.error).toMatchObject({ status: 400, statusCode: "415" });
    expect(asText.error!.message).toBe("mime type text/plain is not supported");
    const html = await staff.storage
      .from("images")
      .upload(unique("a.html"), "<script>1</script>", { contentType: "text/html" });
    expect(html.error).toMatchObject({ statusCode: "415" });
    const svg = await staff.storage
      .from("images")
      .upload(unique("a.svg"), "<svg/>", { contentType: "image/svg+xml" });
    expect(svg.error).toMatchObject({ statusCode: "415" });
  });

  it("refuses names that could stand for another path", async () => {
    const session = (await staff.auth.getSession()).data.session!;
    for (const name of [
      "a%2F..%2Fb.png",
      "..%2Fb.png",
      "a%2F.%2Fb.png",
      "a%2F%2Fb.png",
      "a%00.png",
    ]) {
      const response = await storageFetch(`/object/private/${name}`, {
        method: "POST",
        headers: { authorization: `Bearer ${session.access_token}`, "content-type": "image/png" },
        body: PNG,
      });
      expect(response.status, name).toBe(400);
      expect((await response.json()).code, name).toBe("InvalidKey");
    }
    const listed = await staff.storage.from("private").list("", { limit: 1000 });
    expect(listed.data!.map((o) => o.name)).not.toContain("b.png");
  });
});

describe("names with dot segments and values that cannot be headers", () => {
  const bearer = async () => ({
    authorization: `Bearer ${(await staff.auth.getSession()).data.session!.access_token}`,
  });
  const bytesOf = async (bucket: string, name: string) => {
    const { data, error } = await staff.storage.from(bucket).download(name);
    expect(error).toBeNull();
    return Buffer.from(await data!.arrayBuffer());
  };

  it("refuses '.' and '..' segments sent raw, literal or percent-encoded, wherever the path names an object or bucket", async () => {
    const folder = unique("dots");
    for (const bucket of ["private", "images"]) {
      expect(
        (await staff.storage.from(bucket).upload(`${folder}/target.png`, png())).error,
      ).toBeNull();
    }
    const files = storedFiles();
    const headers = await bearer();
    const json = { ...headers, "content-type": "application/json" };
    const upload = { ...headers, "content-type": "image/png", "x-upsert": "true" };
    const other = Buffer.concat([PNG, Buffer.from("other")]);
    const objectRequests: RawRequest[] = [
      ...["..", ".", "%2e%2e", "%2E%2E", ".%2e", "%2e"].flatMap((segment): RawRequest[] => {
        const name = `${folder}/x/${segment}/target.png`;
        return [
          ["POST", `/object/private/${name}`, upload, other],
          ["PUT", `/object/private/${name}`, upload, other],
          ["GET", `/object/private/${name}`, headers],
          ["GET", `/object/authenticated/private/${name}`, headers],
          ["GET", `/object/public/images/${name}`, {}],
        ];
      }),
      ["PUT", `/object/images/../private/${folder}/target.png`, upload, other],
      ["GET", `/object/public/images/../private/${folder}/target.png`, {}],
    ];
    const bucketRequests: RawRequest[] = [
      ["POST", "/object/list/x/../private", json, JSON.stringify({ prefix: folder })],
      [
        "DELETE",
        "/object/x/../private",
        json,
        JSON.stringify({ prefixes: [`${folder}/target.png`] }),
      ],
      ["GET", "/bucket/x/../private", headers],
    ];
    const answers = async (requests: RawRequest[]) => {
      const answered: Record<string, string> = {};
      for (const request of requests) {
        const { status, text } = await rawStorageRequest(...request);
        answered[`${request[0]} ${request[1]}`] =
          status < 400 ? "accepted" : `${status} ${JSON.parse(text).code}`;
      }
      return answered;
    };
    const each = (requests: RawRequest[], answer: string) =>
      Object.fromEntries(requests.map(([method, target]) => [`${method} ${target}`, answer]));
    expect(await answers(objectRequests)).toEqual(each(objectRequests, "400 InvalidKey"));
    expect(await answers(bucketRequests)).toEqual(each(bucketRequests, "400 InvalidBucketName"));
    expect(storedFiles()).toBe(files);
    for (const bucket of ["private", "images"]) {
      expect(await bytesOf(bucket, `${folder}/target.png`)).toEqual(PNG);
      const { data } = await staff.storage.from(bucket).list(folder);
      expect(data!.map((object) => object.name)).toEqual(["target.png"]);
    }
  });

  it("refuses through supabase-js the dot segments it cannot resolve itself (behind encoded slashes)", async () => {
    const folder = unique("encoded");
    const bucket = staff.storage.from("private");
    expect((await bucket.upload(`${folder}/target.png`, png())).error).toBeNull();
    const files = storedFiles();
    const other = png(Buffer.concat([PNG, Buffer.from("other")]));
    for (const name of [`${folder}/x%2F..%2Ftarget.png`, `${folder}%2F.%2Ftarget.png`]) {
      const uploaded = await bucket.upload(name, other, { upsert: true });
      expect(uploaded.error, name).toMatchObject({ status: 400, statusCode: "400" });
      expect(uploaded.error!.message, name).toBe(`Invalid key: ${decodeURIComponent(name)}`);
      expect((await bucket.download(name)).error, name).not.toBeNull();
    }
    expect(storedFiles()).toBe(files);
    expect(await bytesOf("private", `${folder}/target.png`)).toEqual(PNG);

    // Plain dot segments never reach the stack: supabase-js's fetch resolves them, as it does
    // against hosted Storage, and the request names the resolved path.
    const resolved = await bucket.upload(`${folder}/x/../resolved.png`, png());
    expect(resolved.data?.fullPath).toBe(`private/${folder}/resolved.png`);
  });

  it("refuses a cache control or type with a line break or control character, keeping the object it would replace", async () => {
    const name = `${unique("cached")}.png`;
    const bucket = staff.storage.from("private");
    expect((await bucket.upload(name, png(), { cacheControl: "60" })).error).toBeNull();
    const files = storedFiles();
    const other = png(Buffer.concat([PNG, Buffer.from("other")]));
    for (const cacheControl of [
      "60\r\nX-Injected: 1",
      "60\n",
      "60\u0000",
      "60\t",
      "60\u007f",
      "60\u0085",
    ]) {
      for (const write of [
        () => bucket.upload(name, other, { cacheControl, upsert: true }),
        () => bucket.update(name, other, { cacheControl }),
      ]) {
        const { error } = await write();
        expect(error, JSON.stringify(cacheControl)).toMatchObject({
          status: 400,
          statusCode: "400",
        });
        // A multipart form sends every line break as CRLF.
        expect(error!.message).toBe(
          `Invalid character in response header "cache-control": max-age=${cacheControl.replace(/\r?\n/, "\r\n")}`,
        );
      }
    }
    const form = new FormData();
    form.append("contentType", "image/png\r\nX-Injected: 1");
    form.append("", other);
    const typed = await storageFetch(`/object/private/${name}`, {
      method: "PUT",
      headers: await bearer(),
      body: form,
    });
    await expectRefusal(typed, {
      statusCode: "400",
      code: "InvalidRequest",
      error: "invalid_header_char",
    });

    expect(storedFiles()).toBe(files);
    const { data } = await bucket.download(name);
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG);
    const response = await storageFetch(`/object/authenticated/private/${name}`, {
      headers: await bearer(),
    });
    expect(response.headers.get("cache-control")).toBe("max-age=60");
  });

  it("answers a download whose stored header value is bad with Storage's refusal, never a 500", async () => {
    const name = `${unique("stored")}.png`;
    expect((await staff.storage.from("private").upload(name, png())).error).toBeNull();
    await stack.db.query(
      `update storage.objects set metadata = metadata || jsonb_build_object('cacheControl', $1::text)
        where bucket_id = 'private' and name = $2`,
      ["max-age=60\r\nX-Injected: 1", name],
    );
    const response = await storageFetch(`/object/authenticated/private/${name}`, {
      headers: await bearer(),
    });
    await expectRefusal(response, {
      statusCode: "400",
      code: "InvalidRequest",
      error: "invalid_header_char",
      message: 'Invalid character in response header "cache-control": max-age=60\r\nX-Injected: 1',
    });
  });
});

describe("who may do what (row security on storage.objects)", () => {
  it("refuses uploads by a visitor and by a signed-in user who is not staff", async () => {
    for (const c of [stack.anon, member]) {
      const files = storedFiles();
      const { error } = await c.storage.from("images").upload(unique("nope.png"), png());
      expect(error).toMatchObject({ status: 400, statusCode: "403" });
      expect(error!.message).toBe("new row violates row-level security policy");
      expect(storedFiles()).toBe(files);
    }
  });

  it("leaves an object unchanged when a visitor or non-staff user updates or removes it", async () => {
    const name = unique("kept.png");
    await staff.storage.from("images").upload(name, png());
    const other = png(Buffer.concat([PNG, Buffer.from("other")]));
    for (const c of [stack.anon, member]) {
      expect((await c.storage.from("images").update(name, other)).error).not.toBeNull();
      expect(
        (await c.storage.from("images").upload(name, other, { upsert: true })).error,
      ).not.toBeNull();
      const removed = await c.storage.from("images").remove([name]);
      expect(removed).toEqual({ data: [], error: null });
    }
    const response = await fetch(staff.storage.from("images").getPublicUrl(name).data.publicUrl);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("serves a private bucket's objects only to callers whose policies show them", async () => {
    const name = unique("secret.png");
    expect((await staff.storage.from("private").upload(name, png())).error).toBeNull();
    const mine = await staff.storage.from("private").download(name);
    expect(Buffer.from(await mine.data!.arrayBuffer())).toEqual(PNG);
    for (const c of [stack.anon, member]) {
      const { data, error } = await c.storage.from("private").download(name);
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
    const anonymous = await storageFetch(`/object/authenticated/private/${name}`);
    await expectRefusal(anonymous, {
      statusCode: "404",
      message: "Object not found",
    });
    const publicUrl = await fetch(
      stack.anon.storage.from("private").getPublicUrl(name).data.publicUrl,
    );
    await expectRefusal(publicUrl, {
      statusCode: "404",
      code: "NoSuchBucket",
      error: "Bucket not found",
      message: "Bucket not found",
    });
  });

  it("serves a public bucket's objects to any caller through the API too", async () => {
    const name = unique("open.png");
    await staff.storage.from("images").upload(name, png());
    const { data } = await stack.anon.storage.from("images").download(name);
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG);
  });
});

describe("listing and removing", () => {
  it("lists one folder level, searches, sorts and pages", async () => {
    const folder = unique("album");
    const bucket = staff.storage.from("private");
    for (const name of ["b.png", "a.png", "sub/c.png", "sub/d.png", "Apple.png"]) {
      expect((await bucket.upload(`${folder}/${name}`, png())).error).toBeNull();
    }
    const { data, error } = await bucket.list(folder);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual(["a.png", "Apple.png", "b.png", "sub"]);
    const sub = data!.find((o) => o.name === "sub")!;
    expect(sub).toMatchObject({ id: null, metadata: null });
    const file = data!.find((o) => o.name === "a.png")!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({
      size: PNG.length,
      mimetype: "image/png",
      eTag: `"${md5(PNG)}"`,
    });

    expect((await bucket.list(`${folder}/sub`)).data!.map((o) => o.name)).toEqual([
      "c.png",
      "d.png",
    ]);
    expect((await bucket.list(folder, { search: "a" })).data!.map((o) => o.name)).toEqual([
      "a.png",
      "Apple.png",
    ]);
    expect((await bucket.list(folder, { limit: 2, offset: 1 })).data!.map((o) => o.name)).toEqual([
      "Apple.png",
      "b.png",
    ]);
    expect(
      (await bucket.list(folder, { sortBy: { column: "name", order: "desc" } })).data!.map(
        (o) => o.name,
      ),
    ).toEqual(["sub", "b.png", "Apple.png", "a.png"]);
    expect(
      (await bucket.list(folder, { sortBy: { column: "created_at", order: "asc" } })).data!.map(
        (o) => o.name,
      ),
    ).toEqual(["sub", "b.png", "a.png", "Apple.png"]);

    for (const c of [stack.anon, member]) {
      expect(await c.storage.from("private").list(folder)).toEqual({ data: [], error: null });
    }
    const badLimit = await storageFetch(`/object/list/private`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prefix: "", limit: 0 }),
    });
    await expectRefusal(badLimit, { statusCode: "400", code: "InvalidRequest" });
  });

  it("removes objects and their files, and answers the removed objects", async () => {
    const names = [unique("gone-1.png"), unique("gone-2.png")];
    for (const name of names) await staff.storage.from("images").upload(name, png());
    const files = storedFiles();
    const { data, error } = await staff.storage.from("images").remove([...names, "never.png"]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual([...names].sort());
    expect(data![0]).toMatchObject({ bucket_id: "images", owner: expect.any(String) });
    expect(storedFiles()).toBe(files - 2);
    const response = await fetch(
      staff.storage.from("images").getPublicUrl(names[0]!).data.publicUrl,
    );
    await expectRefusal(response, { statusCode: "404", error: "not_found" });
  });

  it("keeps rows from being deleted by SQL alone (Storage's delete trigger)", async () => {
    await expect(stack.db.query(`delete from storage.objects`)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
  });
});

describe("buckets", () => {
  it("lists the buckets the caller's policies show", async () => {
    for (const c of [stack.service, stack.secret, staff]) {
      const { data, error } = await c.storage.listBuckets();
      expect(error).toBeNull();
      expect(data!.map((b) => b.id).sort()).toEqual(["images", "private"]);
    }
    for (const c of [stack.anon, member]) {
      expect(await c.storage.listBuckets()).toEqual({ data: [], error: null });
    }
    const searched = await staff.storage.listBuckets({ search: "priv" });
    expect(searched.data!.map((b) => b.id)).toEqual(["private"]);
    const sorted = await staff.storage.listBuckets({
      sortColumn: "id",
      sortOrder: "desc",
      limit: 1,
    });
    expect(sorted.data!.map((b) => b.id)).toEqual(["private"]);
  });

  it("reads one bucket as Storage writes it", async () => {
    const { data, error } = await staff.storage.getBucket("images");
    expect(error).toBeNull();
    expect(data).toEqual({
      id: "images",
      name: "images",
      owner: "",
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ["image/png", "image/jpeg"],
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    for (const c of [stack.anon, member]) {
      const hidden = await c.storage.getBucket("images");
      expect(hidden.error).toMatchObject({ status: 400, statusCode: "404" });
      expect(hidden.error!.message).toBe("Bucket not found");
    }
  });
});

describe("the gateway and errors", () => {
  it("asks for an apikey everywhere but public URLs", async () => {
    const response = await fetch(`${stack.url}/storage/v1/bucket`);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe("No API key found in request");
  });

  it("refuses a forged JWT in Storage's shape", async () => {
    const response = await storageFetch("/bucket", {
      headers: { authorization: `Bearer ${stack.anonKey.slice(0, -2)}xx` },
    });
    await expectRefusal(response, { statusCode: "403", code: "AccessDenied" });
  });

  it("answers unknown routes with Storage's 404", async () => {
    const response = await storageFetch("/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: "404",
      code: "InvalidRequest",
      error: "Not Found",
      message: "Route GET:/nothing/here not found",
    });
  });
});
