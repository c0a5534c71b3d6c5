import { countText } from '#app/models/wordcount/count.server.ts'

// The fingerprints behind the repetition rule (rules.ts prices a repeated word at the setting's
// share of the price).
// Sentences that appear again, in the same file or one uploaded before it: the translator's memory
// does them once, so they can be priced lower. Sentences of fewer than three words are not counted
// as repeats. Each file is reduced once, when it is counted, to a fingerprint and a word count per
// sentence; an order's repeats are then found from those alone, without reading any text again.
export function sentenceFingerprints(text: string): Float64Array {
	const pairs: number[] = []
	// Chinese and Japanese put no space after a full stop: a sentence ends at 。！？ all the same.
	for (const sentence of text.split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/u)) {
		const key = sentence.trim().toLowerCase().replace(/\s+/g, ' ')
		const words = countText(key).words
		if (words >= 3) pairs.push(fingerprint(key), words)
	}
	return Float64Array.from(pairs)
}

// For each file's fingerprints, in upload order, how many of its words are in repeated sentences.
export function repeatedWordsOf(files: Float64Array[]): number[] {
	const seen = new Set<number>()
	return files.map((pairs) => {
		let repeated = 0
		for (let i = 0; i < pairs.length; i += 2) {
			if (seen.has(pairs[i]!)) repeated += pairs[i + 1]!
			else seen.add(pairs[i]!)
		}
		return repeated
	})
}

export const countRepeatedWords = (texts: string[]): number[] => repeatedWordsOf(texts.map(sentenceFingerprints))

// cyrb53 (public domain): 53 bits, exact in a double. That two different sentences of one order
// share a fingerprint is about a 1 in 180 million chance for 10,000 sentences.
function fingerprint(text: string): number {
	let h1 = 0xdeadbeef
	let h2 = 0x41c6ce57
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i)
		h1 = Math.imul(h1 ^ code, 2654435761)
		h2 = Math.imul(h2 ^ code, 1597334677)
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
	return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}
