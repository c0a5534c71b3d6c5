// How names and queries are compared: the Danish address service's folding (its unaccent rules:
// å→aa, æ→ae, ø→oe, ä→a, ö→o, ü→u, é/è/ë→e, ó→o, ÿ→y, x→ks), lower case, and anything that is
// not a letter or digit as a space. "Åbenrå", "Aabenraa" and "ÅBENRÅ" all become "aabenraa";
// PostgreSQL's stock unaccent would make "abenra" of the first and "aabenraa" of the second.
const DAWA_FOLDS: Record<string, string> = {
	æ: 'ae',
	ø: 'oe',
	å: 'aa',
	ä: 'a',
	ö: 'o',
	ü: 'u',
	é: 'e',
	è: 'e',
	ë: 'e',
	ó: 'o',
	ÿ: 'y',
	x: 'ks',
}
const FOLDED = /[æøåäöüéèëóÿx]/g

export function foldText(text: string): string {
	return text
		.toLowerCase()
		.replace(FOLDED, (letter) => DAWA_FOLDS[letter]!)
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim()
}
