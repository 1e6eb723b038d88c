/** Runs `task` over `items`, `width` at a time; the results in the items' order. */
export async function inParallel<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await task(items[index], index);
      }
    }),
  );
  return out;
}
