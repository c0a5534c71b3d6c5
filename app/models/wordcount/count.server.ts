// How the trade counts (GMX-V, as Word does): a word is a run of letters, marks or digits; two runs
// joined by one hyphen or apostrophe are one word (well-known, don't, l'homme); URLs and e-mail
// addresses are one word each; punctuation counts nothing. Numbers count as words and are also
// reported apart. Chinese, Japanese, Korean and Thai have no spaces between words, so each of
// their characters counts as one.

export type TextCount = {
	words: number
	numbers: number
	// Characters that are not white space (the reference's chars_no_spaces), and with spaces.
	characters: number
	charactersWithSpaces: number
	// Characters of scripts counted per character (included in words).
	cjkCharacters: number
}

// A URL ends at white space or at the separators of CSV and prose (comma, semicolon, quotes).
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)[^\s<>"',;)]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’‐-][\p{L}\p{M}\p{N}]+)*/gu
const NUMBER = /^[\p{N}]+$/u
const VISIBLE = /[^\s\p{Z}\p{Cc}\p{Cf}]/gu
// Spaces and tabs count "with spaces"; line and paragraph breaks do not.
const SPACE = /[\t\p{Zs}]/gu

function countMatches(text: string, pattern: RegExp): number {
	let count = 0
	for (const _ of text.matchAll(pattern)) count++
	return count
}

export function countText(text: string): TextCount {
	let words = 0
	let numbers = 0
	let cjkCharacters = 0
	const rest = text.replace(URL_OR_EMAIL, () => {
		words++
		return ' '
	})
	for (const [match] of rest.matchAll(WORD)) {
		if (CJK.test(match)) {
			// A run mixing scripts: every CJK character is a word, and the other runs around them too.
			for (const part of match.split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])/u)) {
				if (!part) continue
				if (CJK.test(part)) {
					cjkCharacters++
					words++
				} else if (/[\p{L}\p{N}]/u.test(part)) {
					words++
					if (NUMBER.test(part)) numbers++
				}
			}
			continue
		}
		words++
		if (NUMBER.test(match)) numbers++
	}
	const characters = countMatches(text, VISIBLE)
	const charactersWithSpaces = characters + countMatches(text, SPACE)
	return { words, numbers, characters, charactersWithSpaces, cjkCharacters }
}

// Sentences that appear again, in the same file or one uploaded before it: the translator's memory
// does them once, so they can be priced lower. For each text, how many of its words are such
// repeats (sentences of fewer than three words are not counted as repeats).
export function countRepeatedWords(texts: string[]): number[] {
	const seen = new Set<string>()
	return texts.map((text) => {
		let repeated = 0
		for (const sentence of text.split(/(?<=[.!?。！？])\s+|\n+/u)) {
			const key = sentence.trim().toLowerCase().replace(/\s+/g, ' ')
			const words = countText(key).words
			if (words < 3) continue
			if (seen.has(key)) repeated += words
			else seen.add(key)
		}
		return repeated
	})
}
