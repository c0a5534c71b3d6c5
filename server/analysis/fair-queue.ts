// Jobs waiting their turn by whom they are for: an owner is a path (an address, then an order in
// progress). `take` serves the owners in turn at each level (round robin), skipping those `may`
// refuses (an address already using its share of the workers), so one address's hundred files
// wait behind each other, not in front of another visitor's one.
type Level<T> = Map<string, Level<T> | T[]>

export type FairQueue<T> = {
	push: (owner: string[], item: T) => void
	// The next item whose owner's first key `may` allows, taken out; null when there is none.
	take: (may: (key: string) => boolean) => { item: T; key: string } | null
	// How many wait for each first key.
	counts: () => Map<string, number>
	drain: () => T[]
	size: () => number
}

export function createFairQueue<T>(): FairQueue<T> {
	let root: Level<T> = new Map()
	let size = 0

	function push(owner: string[], item: T) {
		const path = owner.length ? owner : ['']
		let level = root
		for (const [index, key] of path.entries()) {
			const isLast = index === path.length - 1
			let next = level.get(key)
			if (!next) level.set(key, (next = isLast ? [] : new Map()))
			if (isLast !== Array.isArray(next)) throw new Error('every owner is a path of the same length')
			if (Array.isArray(next)) next.push(item)
			else level = next
		}
		size++
	}

	// The first item of the level, in turn: the branch it came from moves to the back.
	function takeFrom(level: Level<T>): T | undefined {
		for (const [key, branch] of level) {
			const item = Array.isArray(branch) ? branch.shift() : takeFrom(branch)
			if (item === undefined) continue
			level.delete(key)
			if (Array.isArray(branch) ? branch.length : branch.size) level.set(key, branch)
			return item
		}
		return undefined
	}

	function take(may: (key: string) => boolean) {
		for (const [key, branch] of root) {
			if (!may(key)) continue
			const item = Array.isArray(branch) ? branch.shift() : takeFrom(branch)
			if (item === undefined) continue
			root.delete(key)
			if (Array.isArray(branch) ? branch.length : branch.size) root.set(key, branch)
			size--
			return { item, key }
		}
		return null
	}

	function* flatten(level: Level<T> | T[]): Generator<T> {
		if (Array.isArray(level)) return yield* level
		for (const branch of level.values()) yield* flatten(branch)
	}

	return {
		push,
		take,
		counts: () => new Map([...root].map(([key, branch]) => [key, [...flatten(branch)].length])),
		drain() {
			const all = [...flatten(root)]
			root = new Map()
			size = 0
			return all
		},
		size: () => size,
	}
}
