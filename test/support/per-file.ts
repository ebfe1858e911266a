/**
 * Something a whole test file shares (an app, a browser): started before the file's tests,
 * closed after them. Returns its getter for use inside the tests; the getter throws when called
 * before the start (a failed beforeAll), so that test fails with a clear line.
 */
export function startedPerFile<T extends { close(): Promise<void> }>(what: string, start: () => Promise<T>, startTimeoutMs?: number): () => T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  }, startTimeoutMs);
  afterAll(() => current?.close());
  return () => {
    if (!current) throw new Error(`${what} is used before beforeAll started it`);
    return current;
  };
}
