// Searches per address: a bucket of `perMinute` that fills again at that rate (a person typing
// never empties it), and at most `perDay` in a day, which is what keeps a script from reading the
// registry ten companies at a time. Held in this process; with several processes behind a proxy,
// each keeps its own count.
export type SearchLimits = { perMinute: number; perDay: number }
type Entry = { tokens: number; filledAt: number; dayStart: number; dayCount: number }

const DAY_MS = 24 * 60 * 60 * 1000
// Past this many addresses the least recently seen are forgotten (a flood of addresses cannot
// grow the map without end; an address forgotten starts afresh).
const MAX_ADDRESSES = 100_000

export function createSearchLimiter({ perMinute, perDay }: SearchLimits, now = () => Date.now()) {
	const entries = new Map<string, Entry>()
	// Seconds until the address may search again, 0 when it may now (and the search is counted).
	return function take(address: string): number {
		if (perMinute === 0 && perDay === 0) return 0
		const key = addressKey(address)
		const time = now()
		const entry = entries.get(key) ?? { tokens: perMinute, filledAt: time, dayStart: time, dayCount: 0 }
		entries.delete(key)
		entries.set(key, entry)
		if (entries.size > MAX_ADDRESSES) entries.delete(entries.keys().next().value!)
		if (time - entry.dayStart >= DAY_MS) Object.assign(entry, { dayStart: time, dayCount: 0 })
		if (perDay > 0 && entry.dayCount >= perDay) return Math.ceil((entry.dayStart + DAY_MS - time) / 1000)
		if (perMinute > 0) {
			entry.tokens = Math.min(perMinute, entry.tokens + ((time - entry.filledAt) / 60_000) * perMinute)
			entry.filledAt = time
			if (entry.tokens < 1) return Math.ceil(((1 - entry.tokens) * 60) / perMinute)
			entry.tokens--
		}
		entry.dayCount++
		return 0
	}
}

// An IPv6 host usually has a whole /64 to itself: counted as one address. An IPv4 address mapped
// into IPv6 counts as itself.
export function addressKey(address: string): string {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	if (mapped) return mapped[1]!
	if (!address.includes(':')) return address
	const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
	const left = head ? head.split(':') : []
	const right = address.includes('::') ? (tail ? tail.split(':') : []) : []
	const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
	return `${groups
		.slice(0, 4)
		.map((group) => group.replace(/^0+(?=.)/, ''))
		.join(':')}::/64`
}
