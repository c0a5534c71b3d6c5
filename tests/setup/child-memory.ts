import { readdirSync, readFileSync } from 'node:fs'

// The peak resident memory (MiB) of this process's children (a pool's workers), read from Linux's
// /proc every 2 ms until stopped: VmHWM is each process's own high-water mark, so a peak between
// two readings is still seen while the process lives.
export function samplePeakOfChildren(): { stop: () => number } {
	let peak = 0
	const timer = setInterval(() => {
		for (const pid of childrenOf(process.pid)) {
			try {
				const kib = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
				peak = Math.max(peak, kib / 1024)
			} catch {
				// ended meanwhile
			}
		}
	}, 2)
	return { stop: () => (clearInterval(timer), peak) }
}

export function childrenOf(parent: number): string[] {
	return readdirSync('/proc').flatMap((pid) => {
		if (!/^\d+$/.test(pid)) return []
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
			return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(parent) ? [pid] : []
		} catch {
			return []
		}
	})
}
