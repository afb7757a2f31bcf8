/** Calls `read` until `done` holds for its value (or throws after `timeoutMs`); usable outside a test. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 15_000, intervalMs = 100, what = "the condition" } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
