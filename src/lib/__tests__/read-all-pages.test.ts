import { describe, expect, it } from "vitest";
import { readAllPages } from "../read-all-pages";

/** A table of `total` rows served `cap` at most per request, as a server with max rows does. */
function table(total: number, cap = 1000) {
  const requests: [number, number][] = [];
  const rows = Array.from({ length: total }, (_, index) => index);
  const readPage = async (from: number, to: number) => {
    requests.push([from, to]);
    return { data: rows.slice(from, Math.min(to + 1, from + cap)), error: null };
  };
  return { readPage, requests };
}

describe("readAllPages", () => {
  it("reads past the server's row cap, page by page", async () => {
    const { readPage, requests } = table(2050);
    const rows = await readAllPages(readPage);
    expect(rows).toHaveLength(2050);
    expect(rows.at(-1)).toBe(2049);
    expect(requests).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
  });

  it("stops at an empty page when the rows fill the last page exactly", async () => {
    const { readPage, requests } = table(1000);
    expect(await readAllPages(readPage)).toHaveLength(1000);
    expect(requests).toHaveLength(2);
  });

  it("throws the error of a failed page", async () => {
    const failure = new Error("JWT expired");
    await expect(readAllPages(async () => ({ data: null, error: failure }))).rejects.toBe(failure);
  });
});
