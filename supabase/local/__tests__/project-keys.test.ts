// A stack with keys of its own, reached under another name (npm run build:rehearsal): its
// publishable and secret keys are the only ones it takes, the CLI's well-known local keys are
// refused, and its URL names the host it was given.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "../src/config.ts";
import { startTestStack, type TestStack } from "./helpers.ts";

const FIXTURE = `
create table public.notes (id int primary key, body text not null);
alter table public.notes enable row level security;
create policy notes_read on public.notes for select to anon using (true);
insert into public.notes values (1, 'hello');
`;
const apiKeys = {
  publishableKey: "sb_publishable_rehearsal-test-key",
  secretKey: "sb_secret_rehearsal-test-key",
};

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ extraSql: [FIXTURE], apiKeys, publicHost: "rehearsal.test" });
});

afterAll(async () => {
  await stack?.close();
});

/** The stack's port on 127.0.0.1, where it listens whatever name its URL gives. */
const direct = (path: string) => `http://127.0.0.1:${new URL(stack.url).port}${path}`;

describe("a stack with its own keys and public name", () => {
  it("names the public host in its URL and hands out its own keys", () => {
    expect(stack.url).toMatch(/^http:\/\/rehearsal\.test:\d+$/);
    expect(stack.publishableKey).toBe(apiKeys.publishableKey);
    expect(stack.secretKey).toBe(apiKeys.secretKey);
  });

  it("takes its own keys and refuses the well-known local ones", async () => {
    const read = (apikey: string) =>
      fetch(direct("/rest/v1/notes?select=body"), { headers: { apikey } });
    const asPublishable = await read(apiKeys.publishableKey);
    expect(asPublishable.status).toBe(200);
    expect(await asPublishable.json()).toEqual([{ body: "hello" }]);
    expect((await read(apiKeys.secretKey)).status).toBe(200);
    expect((await read(LOCAL_PUBLISHABLE_KEY)).status).toBe(401);
    expect((await read(LOCAL_SECRET_KEY)).status).toBe(401);
  });
});
