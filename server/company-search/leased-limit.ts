import type { TakeSearch } from '#server/company-search/endpoint.ts'
import { addressKey } from '#server/company-search/rate-limit.ts'

// How many of an address's searches one process answers before the shared bucket has counted
// them: the bucket is exact to within this many per process.
export const LEASE = 2
const MAX_ADDRESSES = 100_000

type Lease = { uncounted: number; refusedUntil: number }

// The shared search limit (PostgreSQL, several processes) without a round trip in the search's
// way: a search is answered at once while fewer than LEASE of the address's searches are still
// being counted in the shared bucket (`takeShared`, batched), and counted there meanwhile. A
// count the bucket refused closes the address here until its wait is over; past the lease, a
// search waits for the bucket's own answer. An address this process refused is refused here
// without asking the database again.
export function leasedSearchLimit(takeShared: (key: string) => Promise<number>, now = () => Date.now()): TakeSearch {
	const leases = new Map<string, Lease>()

	const counted = (key: string, lease: Lease) => (wait: number) => {
		lease.uncounted--
		if (wait > 0) lease.refusedUntil = Math.max(lease.refusedUntil, now() + wait * 1000)
		if (lease.uncounted === 0 && lease.refusedUntil <= now() && leases.get(key) === lease) leases.delete(key)
		return wait
	}

	return (address) => {
		const key = `search:${addressKey(address)}`
		let lease = leases.get(key)
		if (lease && lease.refusedUntil > now()) return Math.ceil((lease.refusedUntil - now()) / 1000)
		if (!lease) {
			// Past MAX_ADDRESSES the oldest goes (as the process's own limiter does): its next search asks
			// the bucket, which still counts it. No search scans the map.
			if (leases.size >= MAX_ADDRESSES) leases.delete(leases.keys().next().value!)
			leases.set(key, (lease = { uncounted: 0, refusedUntil: 0 }))
		}
		const isLeased = lease.uncounted < LEASE
		lease.uncounted++
		const answer = takeShared(key).then(counted(key, lease), (error: unknown) => {
			counted(key, lease)(0)
			throw error
		})
		if (!isLeased) return answer
		answer.catch(() => {})
		return 0
	}
}
