// Where the CPU went during a bench run (BENCH_CPU=1): the CPU time of this process's threads (by thread name:
// the event loop, worker threads, V8's helpers, libuv's pool) and of its child processes (the load generator,
// the embedded PostgreSQL server's backends, curl), read from Linux's /proc before and after the run.
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Sample {
  /** CPU seconds by key: `thread:<name>` for this process's threads, `proc:<command>` for descendants. */
  seconds: Map<string, number>;
}

/** utime + stime of a /proc stat line, in ticks (fields 14 and 15, after the parenthesised command). */
function cpuTicks(stat: string): { comm: string; ppid: number; ticks: number } | null {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < 0) return null;
  const comm = stat.slice(open + 1, close);
  const rest = stat.slice(close + 2).split(' ');
  // rest[0] is the state (field 3): ppid is field 4, utime 14, stime 15.
  return { comm, ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // gone in between
  }
};

/** This process's threads and every process descended from it, with their CPU so far. */
function sample(): Sample {
  const seconds = new Map<string, number>();
  const add = (key: string, ticks: number) =>
    seconds.set(key, (seconds.get(key) ?? 0) + ticks / TICKS_PER_SECOND);
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const s = read(`/proc/self/task/${tid}/stat`);
    const t = s && cpuTicks(s);
    if (t) add(`thread:${t.comm}`, t.ticks);
  }
  // Descendants: walk the parent links of every process on the machine.
  const procs = new Map<number, { comm: string; ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = read(`/proc/${name}/stat`);
    const t = s && cpuTicks(s);
    if (t) procs.set(Number(name), t);
  }
  const self = process.pid;
  const descends = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 10; p = procs.get(p)?.ppid, hops++)
      if (p === self) return true;
    return false;
  };
  for (const [pid, t] of procs) if (pid !== self && descends(pid)) add(`proc:${t.comm}`, t.ticks);
  return { seconds };
}

/** Starts counting; the returned function answers the CPU seconds each key used since, largest first. */
export function cpuUse(): () => Array<{ key: string; seconds: number }> {
  if (os.platform() !== 'linux') return () => [];
  const before = sample();
  return () => {
    const after = sample();
    const out: Array<{ key: string; seconds: number }> = [];
    for (const [key, s] of after.seconds) {
      // A process that started during the run counts from zero.
      const used = s - (before.seconds.get(key) ?? 0);
      if (used > 0.005) out.push({ key, seconds: Math.round(used * 100) / 100 });
    }
    return out.sort((a, b) => b.seconds - a.seconds);
  };
}
