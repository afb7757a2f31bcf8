// The shared names of database plumbing, so a module that takes a transaction or a clock does not
// spell the type out again.
import type { Db } from "./client.ts";

/** A transaction of `Db` (what `db.transaction(fn)` hands to `fn`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The time, injectable: tests move it. */
export type Clock = () => Date;
