// What a benchmark needs to explain its figures: the process's own counters since it started.
// Read at GET /healthz/counts from this machine only (server/app.ts); nothing in them names a
// visitor, a page's content or a setting.
export type Counters = {
	// Statements sent through the pool (a transaction's own statements are not counted).
	databaseQueries: number
	// Requests the page machinery answered (the page cache's own renders are its fills).
	renders: number
	pageCacheHits: number
	// Pages rendered for the cache: a first visit, an expired page or one dropped by a change.
	pageCacheFills: number
	// Times every cached page was dropped because something the pages show changed.
	pageCacheForgets: number
	searches: number
}

// One per process: the server bundle carries its own copy of this module beside the one
// server/main.ts loads (as database/content-version.ts).
const counters: Counters = ((globalThis as { [key: symbol]: Counters })[Symbol.for('tolk.counters')] ??= {
	databaseQueries: 0,
	renders: 0,
	pageCacheHits: 0,
	pageCacheFills: 0,
	pageCacheForgets: 0,
	searches: 0,
})

export function count(counter: keyof Counters): void {
	counters[counter]++
}

export function readCounters(): Counters {
	return { ...counters }
}
