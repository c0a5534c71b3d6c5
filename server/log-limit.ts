// A warning a client can cause (an unknown command, a flood) is logged a few times a minute at
// most, whatever the client does; the rest are counted and said in one line when the minute
// turns. A log must never be something an anonymous client can fill.
export function createLogLimit(perWindow = 5, windowMs = 60_000) {
	const windows = new Map<string, { started: number; logged: number; suppressed: number }>()
	return function mayLog(kind: string, now = Date.now()): { allowed: boolean; suppressed: number } {
		let window = windows.get(kind)
		let suppressed = 0
		if (!window || now - window.started >= windowMs) {
			suppressed = window?.suppressed ?? 0
			window = { started: now, logged: 0, suppressed: 0 }
			windows.set(kind, window)
		}
		if (window.logged < perWindow) {
			window.logged++
			return { allowed: true, suppressed }
		}
		window.suppressed++
		return { allowed: false, suppressed: 0 }
	}
}
