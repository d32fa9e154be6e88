// A process's peak resident memory, as the kernel keeps it: exact, where sampling RSS misses short peaks.
import { readFileSync } from 'node:fs';

/** The process's peak resident memory so far (`VmHWM`), in kB. Linux only. */
export function peakRssKb(pid) {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`/proc/${pid}/status has no VmHWM`);
  return Number(kb);
}
