import { readFileSync } from 'node:fs'

// Linux reports a process's CPU time in /proc/PID/stat in ticks of 1/100 s (USER_HZ, fixed for
// this interface whatever the kernel's own tick), all its threads together. Null where there is no
// /proc (another system) or the process is gone: the caller counts wall-clock time instead.
const TICK_MS = 10

export function cpuMsOf(pid: number | undefined): number | null {
	if (!pid) return null
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
		// The command name may hold spaces and parentheses: the fields start after the last ')'.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		const user = Number(fields[11])
		const system = Number(fields[12])
		return Number.isFinite(user) && Number.isFinite(system) ? (user + system) * TICK_MS : null
	} catch {
		return null
	}
}
