import { parseCvrQuery } from '#app/models/company/cvr.ts'
import { companySearchQuery } from '#app/models/company/fold.ts'
import type { BusinessResult } from '#app/models/company/record.ts'
import { MIN_QUERY_LENGTH, RESULT_LIMIT, TIER_LIMITS } from '#app/models/company/search-rules.ts'
import { gramKey, SEPARATOR, type CompanyIndex } from '#app/models/company/search-index/shape.ts'

// The same answer as the SQL search (search.server.ts), tier by tier and limit by limit, from
// memory: binary searches over the sorted names and words, and for "anywhere" the postings of the
// query's rarest trigram, walked in rank order until the tier is full. No step looks at more than
// the names that share that trigram.
export function searchCompanyIndex(
	index: CompanyIndex,
	query: string,
	anywhereBudget = ANYWHERE_CANDIDATES,
): BusinessResult[] {
	if (query.trim().length < MIN_QUERY_LENGTH) return []
	const cvr = parseCvrQuery(query)
	if (cvr !== null) {
		const id = findByCvr(index, cvr)
		return id === null ? [] : [presentCompany(index, id)]
	}
	const folded = companySearchQuery(query)
	if (folded.length < 2) return []
	const needle = Buffer.from(folded, 'latin1')
	const active = [...namesStartingWith(index, needle, true), ...wordsStartingWith(index, needle, true)]
	const ceased =
		distinct(active).length < RESULT_LIMIT
			? [...namesStartingWith(index, needle, false), ...wordsStartingWith(index, needle, false)]
			: []
	const isAnywhere =
		distinct([...active, ...ceased]).length < RESULT_LIMIT && folded.length >= MIN_QUERY_LENGTH && !folded.includes(' ')
	const anywhereActive = isAnywhere ? namesContaining(index, needle, true, anywhereBudget) : []
	const anywhereCeased = isAnywhere ? namesContaining(index, needle, false, anywhereBudget) : []
	return distinct([...active, ...anywhereActive, ...ceased, ...anywhereCeased])
		.slice(0, RESULT_LIMIT)
		.map((id) => presentCompany(index, id))
}

function distinct(ids: number[]): number[] {
	return [...new Set(ids)]
}

// Tier 1: names starting with the query, by (name, CVR).
function namesStartingWith(index: CompanyIndex, needle: Buffer, active: boolean): number[] {
	const { names, nameStart } = index
	const [from, to] = active ? [0, index.activeCount] : [index.activeCount, index.count]
	const found: number[] = []
	const first = lowerBound(from, to, (rank) => compareAt(names, nameStart[rank]!, nameStart[rank + 1]!, needle))
	for (let rank = first; rank < to && found.length < TIER_LIMITS.prefix; rank++) {
		if (!startsWith(names, nameStart[rank]!, nameStart[rank + 1]!, needle)) break
		found.push(rank)
	}
	return found
}

// Tier 2: a later word starting with the query, by (the name from that word, CVR), leaving out
// names that start with it; a company can come twice, and each time counts towards the limit.
function wordsStartingWith(index: CompanyIndex, needle: Buffer, active: boolean): number[] {
	const { wordId, wordOffset, names, nameStart } = index
	const [from, to] = active ? [0, index.activeWordCount] : [index.activeWordCount, wordId.length]
	const start = (entry: number) => nameStart[wordId[entry]!]! + wordOffset[entry]!
	const end = (entry: number) => nameStart[wordId[entry]! + 1]!
	const found: number[] = []
	const first = lowerBound(from, to, (entry) => compareAt(names, start(entry), end(entry), needle))
	for (let entry = first; entry < to && found.length < TIER_LIMITS.word; entry++) {
		if (!startsWith(names, start(entry), end(entry), needle)) break
		const id = wordId[entry]!
		if (!startsWith(names, nameStart[id]!, nameStart[id + 1]!, needle)) found.push(id)
	}
	return found
}

// Tier 3: the query inside the name, neither at its start nor at a word's start, by (name, CVR).
// Every name holding the query's rarest trigram is a candidate, checked in rank order. A query made
// only of the commonest trigrams that matches almost nothing ("sensen": 144,000 candidates in each
// part at 2.2 million, 15 ms) would hold the worker up for everyone else, so the walk stops after
// ANYWHERE_CANDIDATES (9 ms at worst): what it found by then is the tier. The SQL search would look
// on; whenever the rarest trigram is held by fewer names in that part, the lists are the same.
export const ANYWHERE_CANDIDATES = 40_000

function namesContaining(index: CompanyIndex, needle: Buffer, active: boolean, budget: number): number[] {
	const { names, nameStart, gramStart, gramSplit, grams } = index
	const key = rarestTrigram(index, needle)
	let at = active ? gramStart[key]! : gramSplit[key]!
	const end = active ? gramSplit[key]! : gramStart[key + 1]!
	let rank = active ? -1 : index.activeCount - 1
	const found: number[] = []
	for (let checked = 0; at < end && found.length < TIER_LIMITS.anywhere && checked < budget; checked++) {
		let delta = 0
		for (let shift = 0; ; shift += 7) {
			const byte = grams[at++]!
			delta |= (byte & 0x7f) << shift
			if (byte < 0x80) break
		}
		rank += delta
		if (isInsideWord(names, nameStart[rank]!, nameStart[rank + 1]!, needle)) found.push(rank)
	}
	return found
}

// The needle somewhere after the name's start, and nowhere at a word's start (as SQL's
// `like '%q%' and not like 'q%' and not like '% q%'`).
function isInsideWord(bytes: Uint8Array, start: number, end: number, needle: Uint8Array): boolean {
	const last = end - needle.length
	let isInside = false
	for (let at = start; at <= last; at++) {
		let length = 0
		while (length < needle.length && bytes[at + length] === needle[length]) length++
		if (length < needle.length) continue
		if (at === start || bytes[at - 1] === 0x20) return false
		isInside = true
	}
	return isInside
}

function rarestTrigram(index: CompanyIndex, needle: Buffer): number {
	let best = gramKey(needle, 0)
	for (let at = 1; at + 3 <= needle.length; at++) {
		const key = gramKey(needle, at)
		if (index.gramCount[key]! < index.gramCount[best]!) best = key
	}
	return best
}

function findByCvr(index: CompanyIndex, cvr: number): number | null {
	const { byCvr } = index
	const at = lowerBound(0, byCvr.length, (position) => index.cvr[byCvr[position]!]! - cvr)
	return at < byCvr.length && index.cvr[byCvr[at]!] === cvr ? byCvr[at]! : null
}

// The first position in [from, to) whose comparison with the sought value is not below it.
function lowerBound(from: number, to: number, compare: (position: number) => number): number {
	while (from < to) {
		const middle = (from + to) >>> 1
		if (compare(middle) < 0) from = middle + 1
		else to = middle
	}
	return from
}

function compareAt(bytes: Buffer, start: number, end: number, needle: Buffer): number {
	return bytes.compare(needle, 0, needle.length, start, end)
}

function startsWith(bytes: Buffer, start: number, end: number, needle: Buffer): boolean {
	return end - start >= needle.length && bytes.compare(needle, 0, needle.length, start, start + needle.length) === 0
}

function presentCompany(index: CompanyIndex, id: number): BusinessResult {
	const text = index.display.toString('utf8', index.displayStart[id], index.displayStart[id + 1])
	const split = text.indexOf(String.fromCharCode(SEPARATOR))
	const cvr = String(index.cvr[id])
	return {
		id: cvr,
		name: text.slice(0, split),
		vat_number: cvr,
		street: text.slice(split + 1),
		city: index.cities[index.cityOf[id]!]!,
		active: index.isActive[id] === 1,
	}
}
