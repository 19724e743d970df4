import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { editorPostQuery } from "../staff/api/get-editor-post";
import { staffPostKeys } from "../staff/api/query-keys";

// The post as the database answers it: each read counted.
const reads = vi.hoisted(() => ({ count: 0 }));
const getSupabase = vi.hoisted(() =>
  vi.fn(async () => ({
    from: () => ({
      select: () => ({
        eq: (_column: string, id: string) => ({
          single: async () => {
            reads.count += 1;
            return { data: { id, title: `read ${reads.count}`, image_url: null }, error: null };
          },
        }),
      }),
    }),
  })),
);
vi.mock("@/lib/supabase", () => ({ getSupabase }));

const id = "2f0cf8a2-4f4f-4b38-9f0a-6b0f3a1d2c11";

/** The editor opening on the post: an observer mounting, as useEditorPost does. */
async function openEditor(client: QueryClient) {
  const observer = new QueryObserver(client, editorPostQuery(id));
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  const { data } = observer.getCurrentResult();
  unsubscribe();
  return data;
}

describe("the editor's read ahead", () => {
  beforeEach(() => {
    reads.count = 0;
  });

  it("opens the editor with the post read while the session was checked, without reading it again", async () => {
    const client = new QueryClient();
    await client.prefetchQuery(editorPostQuery(id));
    expect(await openEditor(client)).toMatchObject({ title: "read 1" });
    expect(reads.count).toBe(1);
  });

  it("reads the post again once staff changed a post, however recent the last read", async () => {
    const client = new QueryClient();
    await client.prefetchQuery(editorPostQuery(id));
    // What a save, a status change, a deletion or a new translation invalidates.
    await client.invalidateQueries({ queryKey: staffPostKeys.all() });
    expect(await openEditor(client)).toMatchObject({ title: "read 2" });
    expect(reads.count).toBe(2);
  });
});
