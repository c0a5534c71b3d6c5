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
// Every pattern here runs in time linear in the text, whatever a customer's file holds (a run of a
// million letters without a space is ordinary Chinese): no quantifier can retry what another one
// gave up. An e-mail address starts where its run of address characters starts (the look-behind
// makes every later start fail at once) and has at most 64 characters before the @ and at most
// nine labels of at most 63 characters after it, as RFC 5321 bounds them, so no start can scan
// more than a few hundred characters.
export const URL_OR_EMAIL =
	/\b(?:https?:\/\/|www\.)[^\s<>"',;)]+|(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@(?:[\p{L}\p{N}-]{1,63}\.){1,8}\p{L}{2,63}/gu
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
			for (const part of match.split(
				/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])/u,
			)) {
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
