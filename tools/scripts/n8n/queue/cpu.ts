import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// fields after "(comm)": state ppid ... utime(14) stime(15), counted from 1 over the whole line
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
	} catch {
		return undefined;
	}
}

/** CPU time (user + system, ms) used so far by a process and all its living descendants (Linux /proc). */
export function cpuMs(rootPid: number | undefined): number {
	if (rootPid === undefined) return 0;
	const parents = new Map<number, number>();
	const ticks = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const info = stat(Number(entry));
		if (!info) continue;
		parents.set(Number(entry), info.ppid);
		ticks.set(Number(entry), info.ticks);
	}
	let total = 0;
	for (const [pid, own] of ticks) {
		for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
			if (at === rootPid) {
				total += own;
				break;
			}
		}
	}
	return (total * 1000) / TICKS_PER_SECOND;
}
