import { onContentChange } from '#database/content-version.ts'
import type { Database } from '#database/client.ts'

type Load<A extends unknown[], T> = (db: Database, ...args: A) => Promise<T>

// A read of what the public pages show (settings, menu, languages, team, FAQ, slides), kept in
// memory until the content version moves (database/content-version.ts): a page render then asks
// the database nothing for it. A change starts a new memory, so a read it overtook is never served
// after it. Results are shared between requests: callers never change them.
export function memoContent<A extends unknown[], T>(load: Load<A, T>): Load<A, T> {
	let results = new WeakMap<Database, Map<string, Promise<T>>>()
	onContentChange(() => (results = new WeakMap()))
	return (db, ...args) => {
		let byArgs = results.get(db)
		if (!byArgs) results.set(db, (byArgs = new Map()))
		const key = JSON.stringify(args)
		const kept = byArgs.get(key)
		if (kept) return kept
		const result = load(db, ...args)
		const memory = byArgs
		memory.set(key, result)
		// A failed read is not kept.
		result.catch(() => memory.get(key) === result && memory.delete(key))
		return result
	}
}
