// The simulation's dice: a seeded generator (mulberry32), so `--seed` replays the same month.
export type Random = {
	next: () => number
	int: (min: number, max: number) => number
	chance: (probability: number) => boolean
	pick: <T>(items: readonly T[]) => T
}

export function seeded(seed: number): Random {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		next,
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		chance: (probability) => next() < probability,
		pick: (items) => items[Math.floor(next() * items.length)]!,
	}
}
