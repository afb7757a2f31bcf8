// What the benches read about the machine beside their own timings: a process's CPU time from /proc
// (Linux) and the load average, printed with figures that other work on the machine moves.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

/**
 * CPU milliseconds (user + system) process `pid` has used so far; `unreadable` when /proc has no
 * such process (gone, or not Linux). /proc/<pid>/stat counts 100 clock ticks a second.
 */
export function cpuMsOf(pid: number | undefined, unreadable = Number.NaN): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return unreadable;
  }
}

/** The 1, 5 and 15 minute load averages, as "load 1.2 3.4 5.6". */
export const loadAverage = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
