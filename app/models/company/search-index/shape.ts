// The company registry held in memory for the business picker: a few flat typed arrays and byte
// blobs, no object per company, so 2.2 million companies take about a quarter of a gigabyte and
// load from a snapshot file as views over one buffer (decision 013).
//
// A company is a row number ("rank"): active companies first, each part sorted by (search name,
// CVR), which is the order the SQL search hands over. Everything about a company lies at its rank,
// so walking candidates in rank order reads memory forwards (a search that checks a hundred
// thousand names takes a few milliseconds, where lookups all over memory took forty).
export type CompanyIndex = {
	// The registry version the index was built from: `${registryId}:${version}` (registry_version).
	version: string
	count: number
	activeCount: number
	cvr: Uint32Array
	isActive: Uint8Array
	// Folded search names (a-z, 0-9 and single spaces), one after another.
	names: Buffer
	nameStart: Uint32Array
	// "name\x1fstreet" as UTF-8, one after another.
	display: Buffer
	displayStart: Uint32Array
	// The city line ("6200 Aabenraa") as a number into `cities`: a few thousand distinct lines.
	cityOf: Uint32Array
	cities: string[]
	// Ranks sorted by CVR number, for a query that is one.
	byCvr: Uint32Array
	// Every word of a name after the first, as (rank, offset into the name): the name from that word
	// on. Active companies' words first, each part sorted by (that rest of the name, CVR).
	wordId: Uint32Array
	wordOffset: Uint32Array
	activeWordCount: number
	// Trigram postings for "anywhere": for each trigram of [a-z0-9], the ranks of the names holding
	// it, ascending, as variable-length deltas; active ranks first, then from `gramSplit` on the
	// ceased ranks, their deltas counted from activeCount - 1.
	gramStart: Uint32Array
	gramSplit: Uint32Array
	gramCount: Uint32Array
	grams: Uint8Array
}

export const SEPARATOR = 0x1f
export const GRAM_KEYS = 36 * 36 * 36

// a-z → 0-25, 0-9 → 26-35, anything else (a space) → -1.
export function gramCode(byte: number): number {
	if (byte >= 0x61 && byte <= 0x7a) return byte - 0x61
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30 + 26
	return -1
}

// The trigram at `at`, or -1 when it holds a space.
export function gramKey(bytes: Uint8Array, at: number): number {
	const a = gramCode(bytes[at]!)
	const b = gramCode(bytes[at + 1]!)
	const c = gramCode(bytes[at + 2]!)
	return a < 0 || b < 0 || c < 0 ? -1 : (a * 36 + b) * 36 + c
}

// What the index's arrays take, the measure of its memory.
export function indexBytes(index: CompanyIndex): number {
	return Object.values(index).reduce<number>(
		(total, value) => total + (ArrayBuffer.isView(value) ? value.byteLength : 0),
		0,
	)
}
