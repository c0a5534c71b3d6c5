// The corpus references' counting rule (../shared/corpus/README.md): maximal runs of letters,
// marks and digits; two runs joined by a single hyphen or apostrophe are one word. Our own rule
// (docs/word-count.md) differs on purpose for URLs, e-mail addresses, Chinese, Japanese and Thai.
const REFERENCE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’‐‑-][\p{L}\p{M}\p{N}]+)*/gu
export const referenceRule = (text: string) => text.match(REFERENCE_WORD)?.length ?? 0

export const pct = (value: number | null) =>
	value === null ? '' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`
export const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '-')
