// node:async_hooks in the demo build. The domain-event hub holds a request's events with
// AsyncLocalStorage until its transaction commits. A page has no async context, so the store stays
// current from `run` until the work settles; two overlapping requests would share it, which at
// worst delivers one's events together with the other's (the demo has one person in one tab).
export class AsyncLocalStorage<T> {
  #stack: T[] = [];

  getStore(): T | undefined {
    return this.#stack.at(-1);
  }

  run<R>(store: T, fn: () => R): R {
    this.#stack.push(store);
    const done = () => {
      const i = this.#stack.lastIndexOf(store);
      if (i >= 0) this.#stack.splice(i, 1);
    };
    try {
      const result = fn();
      if (result instanceof Promise) {
        return result.finally(done) as R;
      }
      done();
      return result;
    } catch (err) {
      done();
      throw err;
    }
  }
}
