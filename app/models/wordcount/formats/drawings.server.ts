import { partNames } from '#app/models/wordcount/archive.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'

// The drawing layer of an Office Open XML document, as PowerPoint and Word keep it:
// - charts: titles (chart and axes), series names, and the category labels once per chart (every
//   series repeats them); the numbers of the data are not text;
// - SmartArt: the text of its data part, once (its drawing part is a rendered copy of it).
export const PARAGRAPHS = { text: new Set(['a:t']), breaks: new Set(['a:p']), spaces: new Set(['a:br']) }
const CACHE_RULES = { text: new Set(['c:v', 'a:t']), breaks: new Set(['c:pt', 'a:p']) }
const DIAGRAM_RULES = { text: new Set(['dgm:t']), breaks: new Set(['a:p']), spaces: new Set(['a:br']) }

export const textOf = (body: string | null | undefined, rules: Parameters<typeof xmlText>[1]) =>
	body ? xmlText(`<r>${body}</r>`, rules) : ''
export const first = (xml: string | null | undefined, name: string) =>
	xml ? (elementsNamed(xml, name).next().value?.body ?? null) : null

function chartText(xml: string): string {
	const titles = [...elementsNamed(xml, 'c:title')].map((title) => textOf(title.body, PARAGRAPHS))
	const series = [...elementsNamed(xml, 'c:ser')]
	const names = series.map((one) => textOf(first(one.body, 'c:tx'), CACHE_RULES))
	const categories = textOf(first(series[0]?.body, 'c:cat'), CACHE_RULES)
	return [...titles, ...names, categories].join('\n')
}

export const drawingTexts = (parts: Map<string, string>, charts: RegExp, diagrams: RegExp): string[] => [
	...partNames(parts, charts).map((name) => chartText(parts.get(name)!)),
	...partNames(parts, diagrams).map((name) => xmlText(parts.get(name)!, DIAGRAM_RULES)),
]
