/** What one page of a supabase-js read resolves to. */
interface PageResult<Row> {
  data: Row[] | null;
  error: unknown;
}

/**
 * Every row of a read, fetched `pageSize` rows at a time: a server caps each answer (hosted
 * Supabase at 1,000 rows), so a list read in one request would silently stop there.
 * `readPage(from, to)` reads rows from..to inclusive (supabase-js's `.range`), in a stable order.
 */
export async function readAllPages<Row>(
  readPage: (from: number, to: number) => PromiseLike<PageResult<Row>>,
  pageSize = 1000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error } = await readPage(from, from + pageSize - 1);
    if (error) throw error;
    rows.push(...(data ?? []));
    if ((data?.length ?? 0) < pageSize) return rows;
  }
}
