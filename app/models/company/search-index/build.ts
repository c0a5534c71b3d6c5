import { cityLine } from '#app/models/company/record.ts'
import { GRAM_KEYS, gramKey, SEPARATOR, type CompanyIndex } from '#app/models/company/search-index/shape.ts'

const SEPARATOR_TEXT = String.fromCharCode(SEPARATOR)

// One company as the index reads it from the companies table.
export type IndexRow = {
	cvr: number
	name: string
	search_name: string
	street: string
	postcode: string
	city: string
	is_active: boolean
}

// Rows go in as they come (in any order, in batches); `finish` sorts and builds the lookups.
export function createIndexBuilder() {
	const names = new GrowingBytes()
	const display = new GrowingBytes()
	const nameStart = new GrowingUint32([0])
	const displayStart = new GrowingUint32([0])
	const cvr = new GrowingUint32()
	const cityOf = new GrowingUint32()
	const isActive: number[] = []
	const cities = new Map<string, number>()
	return {
		add(rows: readonly IndexRow[]) {
			for (const row of rows) {
				names.write(row.search_name, 'latin1')
				nameStart.push(names.length)
				// The separator cannot come from the registry's own text.
				display.write(`${row.name.replaceAll(SEPARATOR_TEXT, ' ')}${SEPARATOR_TEXT}${row.street}`, 'utf8')
				displayStart.push(display.length)
				cvr.push(row.cvr)
				isActive.push(row.is_active ? 1 : 0)
				const city = cityLine(row.postcode, row.city)
				let cityId = cities.get(city)
				if (cityId === undefined) cities.set(city, (cityId = cities.size))
				cityOf.push(cityId)
			}
		},
		// `version`: the registry version the rows were read at (read.server.ts).
		finish(version: string): CompanyIndex {
			const read = {
				count: cvr.length,
				activeCount: isActive.reduce((total, flag) => total + flag, 0),
				cvr: cvr.done(),
				isActive: Uint8Array.from(isActive),
				names: names.done(),
				nameStart: nameStart.done(),
				display: display.done(),
				displayStart: displayStart.done(),
				cityOf: cityOf.done(),
			}
			const base = inRankOrder(read, sortedOrder(read))
			return {
				version,
				cities: [...cities.keys()],
				...base,
				byCvr: sortedByCvr(base.cvr),
				...sortedWords(base),
				...trigramPostings(base),
			}
		},
	}
}

type Base = Pick<CompanyIndex, 'count' | 'activeCount' | 'cvr' | 'isActive' | 'names' | 'nameStart'>
type Records = Base & Pick<CompanyIndex, 'display' | 'displayStart' | 'cityOf'>

// Ids, active first, each part by (search name, CVR): the SQL search's `order by search_name, cvr`
// on a byte-ordered (COLLATE "C") column.
function sortedOrder({ count, activeCount, cvr, isActive, names, nameStart }: Base): Uint32Array {
	const order = new Uint32Array(count)
	let active = 0
	let ceased = activeCount
	for (let id = 0; id < count; id++) order[isActive[id] ? active++ : ceased++] = id
	const keys = new Float64Array(count)
	for (let id = 0; id < count; id++) keys[id] = sortKey(names, nameStart[id]!, nameStart[id + 1]!)
	const compare = (a: number, b: number) =>
		keys[a]! - keys[b]! ||
		compareTails(names, nameStart[a]!, nameStart[a + 1]!, nameStart[b]!, nameStart[b + 1]!) ||
		cvr[a]! - cvr[b]!
	order.subarray(0, activeCount).sort(compare)
	order.subarray(activeCount).sort(compare)
	return order
}

// Every array rewritten so that a company's rank is its position.
function inRankOrder(read: Records, order: Uint32Array): Records {
	const { count } = read
	const records = {
		count,
		activeCount: read.activeCount,
		cvr: new Uint32Array(count),
		isActive: new Uint8Array(count),
		cityOf: new Uint32Array(count),
		names: Buffer.allocUnsafe(read.names.length),
		nameStart: new Uint32Array(count + 1),
		display: Buffer.allocUnsafe(read.display.length),
		displayStart: new Uint32Array(count + 1),
	}
	for (let rank = 0; rank < count; rank++) {
		const id = order[rank]!
		records.cvr[rank] = read.cvr[id]!
		records.isActive[rank] = read.isActive[id]!
		records.cityOf[rank] = read.cityOf[id]!
		records.nameStart[rank + 1] =
			records.nameStart[rank]! +
			read.names.copy(records.names, records.nameStart[rank], read.nameStart[id], read.nameStart[id + 1])
		records.displayStart[rank + 1] =
			records.displayStart[rank]! +
			read.display.copy(records.display, records.displayStart[rank], read.displayStart[id], read.displayStart[id + 1])
	}
	return records
}

// Every later word's rest of the name, active companies' first, each part by (that text, CVR).
function sortedWords({ count, cvr, isActive, names, nameStart }: Base) {
	const ids: number[] = []
	const offsets: number[] = []
	for (let id = 0; id < count; id++) {
		for (let at = nameStart[id]!; at < nameStart[id + 1]!; at++) {
			if (names[at] !== 0x20) continue
			ids.push(id)
			offsets.push(at + 1 - nameStart[id]!)
		}
	}
	const entries = Uint32Array.from({ length: ids.length }, (_, entry) => entry)
	const start = (entry: number) => nameStart[ids[entry]!]! + offsets[entry]!
	const end = (entry: number) => nameStart[ids[entry]! + 1]!
	const keys = Float64Array.from(entries, (entry) => sortKey(names, start(entry), end(entry)))
	entries.sort(
		(a, b) =>
			isActive[ids[b]!]! - isActive[ids[a]!]! ||
			keys[a]! - keys[b]! ||
			compareTails(names, start(a), end(a), start(b), end(b)) ||
			cvr[ids[a]!]! - cvr[ids[b]!]!,
	)
	let activeWordCount = 0
	while (activeWordCount < entries.length && isActive[ids[entries[activeWordCount]!]!]) activeWordCount++
	return {
		wordId: Uint32Array.from(entries, (entry) => ids[entry]!),
		wordOffset: Uint32Array.from(entries, (entry) => offsets[entry]!),
		activeWordCount,
	}
}

function sortedByCvr(cvr: Uint32Array): Uint32Array {
	// CVR numbers are below 2^27 and ids below 2^26: both fit one float exactly, sorted natively.
	const packed = Float64Array.from(cvr, (number, id) => number * 2 ** 26 + id)
	packed.sort()
	return Uint32Array.from(packed, (value) => value % 2 ** 26)
}

// The first ten bytes of a folded name as one number in byte order: end 0, space 1, digits 2-11,
// letters 12-37 (38^10 < 2^53). Most comparisons end here; ties look at the rest.
function sortKey(bytes: Uint8Array, start: number, end: number): number {
	let key = 0
	for (let at = start; at < start + 10; at++) key = key * 38 + (at < end ? keyCode(bytes[at]!) : 0)
	return key
}

function keyCode(byte: number): number {
	if (byte === 0x20) return 1
	return byte <= 0x39 ? byte - 0x30 + 2 : byte - 0x61 + 12
}

function compareTails(bytes: Buffer, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
	if (aEnd - aStart <= 10 || bEnd - bStart <= 10) return aEnd - aStart - (bEnd - bStart)
	return bytes.compare(bytes, bStart + 10, bEnd, aStart + 10, aEnd)
}

// Two passes over every name: the encoded size of each trigram's list, then the lists themselves.
function trigramPostings({ count, activeCount, names, nameStart }: Base) {
	const gramCount = new Uint32Array(GRAM_KEYS)
	const sizes = new Uint32Array(GRAM_KEYS)
	const gramSplit = new Uint32Array(GRAM_KEYS)
	const previous = new Int32Array(GRAM_KEYS)
	const visit = (onPosting: (key: number, delta: number) => void, onSplit: () => void) => {
		previous.fill(-1)
		for (let rank = 0; rank < count; rank++) {
			if (rank === activeCount) onSplit()
			for (let at = nameStart[rank]!; at + 3 <= nameStart[rank + 1]!; at++) {
				const key = gramKey(names, at)
				if (key < 0 || previous[key] === rank) continue
				onPosting(key, rank - previous[key]!)
				previous[key] = rank
			}
		}
	}
	const ceasedFrom = () => previous.fill(activeCount - 1)
	visit(
		(key, delta) => {
			gramCount[key]!++
			sizes[key]! += varintLength(delta)
		},
		() => {
			ceasedFrom()
			gramSplit.set(sizes)
		},
	)
	if (activeCount === count) gramSplit.set(sizes)
	const gramStart = new Uint32Array(GRAM_KEYS + 1)
	for (let key = 0; key < GRAM_KEYS; key++) gramStart[key + 1] = gramStart[key]! + sizes[key]!
	for (let key = 0; key < GRAM_KEYS; key++) gramSplit[key]! += gramStart[key]!
	const grams = new Uint8Array(gramStart[GRAM_KEYS]!)
	const cursor = gramStart.slice(0, GRAM_KEYS)
	visit((key, delta) => {
		for (; delta >= 0x80; delta >>>= 7) grams[cursor[key]!++] = (delta & 0x7f) | 0x80
		grams[cursor[key]!++] = delta
	}, ceasedFrom)
	return { gramStart, gramSplit, gramCount, grams }
}

function varintLength(value: number): number {
	return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : 4
}

class GrowingBytes {
	private bytes = Buffer.allocUnsafe(1 << 16)
	length = 0
	write(text: string, encoding: 'latin1' | 'utf8') {
		const most = encoding === 'utf8' ? text.length * 3 : text.length
		if (this.length + most > this.bytes.length) {
			const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + most))
			this.bytes.copy(next, 0, 0, this.length)
			this.bytes = next
		}
		this.length += this.bytes.write(text, this.length, encoding)
	}
	done(): Buffer {
		return Buffer.from(this.bytes.subarray(0, this.length))
	}
}

class GrowingUint32 {
	private values: Uint32Array
	length: number
	constructor(initial: number[] = []) {
		this.values = new Uint32Array(Math.max(1024, initial.length))
		this.values.set(initial)
		this.length = initial.length
	}
	push(value: number) {
		if (this.length === this.values.length) {
			const next = new Uint32Array(this.values.length * 2)
			next.set(this.values)
			this.values = next
		}
		this.values[this.length++] = value
	}
	done(): Uint32Array {
		return this.values.slice(0, this.length)
	}
}
