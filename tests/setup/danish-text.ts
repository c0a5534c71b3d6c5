import adminDa from '#app/locales/admin.da.json' with { type: 'json' }
import adminEn from '#app/locales/admin.en.json' with { type: 'json' }
import siteDa from '#app/locales/da.json' with { type: 'json' }

// What a page in Danish must not show: a text by its key, the back office's own English, or one of
// something in the plural. The admin's walk of every route and the simulation's pages use them.

// Texts shown by their key ("audit.subjects.job", "jobs.status.open"): a name that is a key, or
// that sits under a group of keys (a text looked up for a value it has none for).
const TEXT_KEYS = new Set([...Object.keys(adminDa), ...Object.keys(siteDa)])
const KEY_GROUPS = new Set(
	[...TEXT_KEYS].flatMap((key) => {
		const parts = key.split('.')
		return parts.slice(2).map((_, at) => parts.slice(0, at + 2).join('.'))
	}),
)
export function rawKeysIn(text: string): string[] {
	const candidates = text.match(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z_-]+)+\b/g) ?? []
	return candidates.filter((name) => TEXT_KEYS.has(name) || KEY_GROUPS.has(name.split('.').slice(0, -1).join('.')))
}

// The back office's own English: each English text's runs of three words or more between its
// values, where the Danish text differs (so a name both share is no English).
const DANISH = new Set(Object.values(adminDa).map((text) => text.toLowerCase()))
export const ENGLISH_RUNS = [
	...new Set(
		Object.entries(adminEn as Record<string, string>).flatMap(([key, text]) =>
			(adminDa as Record<string, string>)[key] === text
				? []
				: text
						.replace(/<[^>]+>/g, ' ')
						.split(/\{\{\w+\}\}|[.:;!?()"“”·]/)
						.map((run) => run.trim())
						.filter((run) => /^[A-Za-z’' ,-]+$/.test(run) && run.split(/\s+/).length >= 3)
						.filter((run) => ![...DANISH].some((danish) => danish.includes(run.toLowerCase()))),
		),
	),
]
export function englishIn(text: string): string[] {
	return ENGLISH_RUNS.filter((run) => text.includes(run))
}

// One of something written in the plural ("1 fakturaer", "1 dage", "1 åbne ordrer").
const PLURAL_AFTER_ONE =
	/(?<![\d.,])1 (fakturaer|dage|ordrer|opgaver|åbne|timer|minutter|filer|linjer|betalinger|kunder|forespørgsler|sider|oversættere|rykkere|måneder|uger|dokumenter|tilbud som)\b/g
export function wrongPluralsIn(text: string): string[] {
	return [...text.matchAll(PLURAL_AFTER_ONE)].map((match) => match[0])
}

// All three, for one page's text.
export const notDanishIn = (text: string) => [...rawKeysIn(text), ...englishIn(text), ...wrongPluralsIn(text)]
