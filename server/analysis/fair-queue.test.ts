import { expect, test } from 'vitest'
import { createFairQueue } from '#server/analysis/fair-queue.ts'

const takeAll = <T>(queue: ReturnType<typeof createFairQueue<T>>, may = (_key: string) => true) => {
	const taken: T[] = []
	for (let next = queue.take(may); next; next = queue.take(may)) taken.push(next.item)
	return taken
}

test('addresses take turns, and within an address its orders do, each in the order it came', () => {
	const queue = createFairQueue<string>()
	for (let n = 1; n <= 4; n++) queue.push(['flood', 'draft-a'], `a${n}`)
	queue.push(['flood', 'draft-b'], 'b1')
	queue.push(['visitor', 'draft-v'], 'v1')
	queue.push(['flood', 'draft-a'], 'a5')
	queue.push(['other', 'draft-o'], 'o1')
	expect(queue.size()).toBe(8)
	expect(queue.counts()).toEqual(
		new Map([
			['flood', 6],
			['visitor', 1],
			['other', 1],
		]),
	)
	expect(takeAll(queue)).toEqual(['a1', 'v1', 'o1', 'b1', 'a2', 'a3', 'a4', 'a5'])
	expect(queue.size()).toBe(0)
})

test('an address that may not take now is passed over and keeps its place', () => {
	const queue = createFairQueue<string>()
	queue.push(['busy', 'd'], 'busy1')
	queue.push(['free', 'd'], 'free1')
	expect(queue.take((key) => key !== 'busy')?.item).toBe('free1')
	expect(queue.take((key) => key !== 'busy')).toBeNull()
	expect(queue.take(() => true)).toEqual({ item: 'busy1', key: 'busy' })
})

test('draining empties it', () => {
	const queue = createFairQueue<number>()
	queue.push(['a', 'x'], 1)
	queue.push(['b', 'y'], 2)
	expect(queue.drain().sort()).toEqual([1, 2])
	expect(queue.size()).toBe(0)
	expect(() => queue.push(['a'], 3)).not.toThrow()
	expect(() => queue.push(['a', 'x'], 4)).toThrow()
})
