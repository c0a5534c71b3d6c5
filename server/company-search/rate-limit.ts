// Searches per address: a bucket of `perMinute` that fills again at that rate (a person typing
// never empties it), and at most `perDay` in a day, which is what keeps a script from reading the
// registry ten companies at a time. On the embedded database it is held in this process; on
// PostgreSQL every process shares it (app/models/rate-limit.server.ts, the same step).
export type SearchLimits = { perMinute: number; perDay: number }
export type Bucket = { tokens: number; filledAt: number; dayStart: number; dayCount: number }

const DAY_MS = 24 * 60 * 60 * 1000
// Past this many addresses the least recently seen are forgotten (a flood of addresses cannot
// grow the map without end; an address forgotten starts afresh).
const MAX_ADDRESSES = 100_000

export const fullBucket = ({ perMinute }: SearchLimits, time: number): Bucket => ({
	tokens: perMinute,
	filledAt: time,
	dayStart: time,
	dayCount: 0,
})

// One search asked for at `time`: the bucket after it, and the seconds until the address may
// search again (0 when it may now, and the search is counted).
export function takeFrom(
	bucket: Bucket,
	{ perMinute, perDay }: SearchLimits,
	time: number,
): { bucket: Bucket; wait: number } {
	const entry = { ...bucket }
	if (time - entry.dayStart >= DAY_MS) Object.assign(entry, { dayStart: time, dayCount: 0 })
	if (perDay > 0 && entry.dayCount >= perDay)
		return { bucket: entry, wait: Math.ceil((entry.dayStart + DAY_MS - time) / 1000) }
	if (perMinute > 0) {
		entry.tokens = Math.min(perMinute, entry.tokens + ((time - entry.filledAt) / 60_000) * perMinute)
		entry.filledAt = time
		if (entry.tokens < 1) return { bucket: entry, wait: Math.ceil(((1 - entry.tokens) * 60) / perMinute) }
		entry.tokens--
	}
	entry.dayCount++
	return { bucket: entry, wait: 0 }
}

export const isUnlimited = ({ perMinute, perDay }: SearchLimits) => perMinute === 0 && perDay === 0

export function createSearchLimiter(limits: SearchLimits, now = () => Date.now()) {
	const entries = new Map<string, Bucket>()
	// Seconds until the address may search again, 0 when it may now (and the search is counted).
	return function take(address: string): number {
		if (isUnlimited(limits)) return 0
		const key = addressKey(address)
		const time = now()
		const before = entries.get(key) ?? fullBucket(limits, time)
		entries.delete(key)
		const { bucket, wait } = takeFrom(before, limits, time)
		entries.set(key, bucket)
		if (entries.size > MAX_ADDRESSES) entries.delete(entries.keys().next().value!)
		return wait
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
