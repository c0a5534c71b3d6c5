import { SaxesParser } from 'saxes'

type Rules = {
	// Elements whose text is kept.
	text: Set<string>
	// Elements that end a line (paragraphs, cells, rows).
	breaks: Set<string>
	// Elements that stand for a space or a tab.
	spaces?: Set<string>
	// Elements whose whole content is left out.
	skip?: Set<string>
}

// The readable text of an XML part, as lines: only the text of the named elements, with breaks
// where paragraphs end. Entities are expanded by the parser; DTDs and external entities are not.
export function xmlText(xml: string, rules: Rules): string {
	const parser = new SaxesParser({ xmlns: false })
	const out: string[] = []
	let keep = 0
	let skipped = 0
	parser.on('opentag', (tag) => {
		if (rules.skip?.has(tag.name)) skipped++
		if (skipped) return
		if (rules.text.has(tag.name)) keep++
		if (rules.spaces?.has(tag.name)) out.push(' ')
	})
	parser.on('closetag', (tag) => {
		if (rules.skip?.has(tag.name)) {
			skipped--
			return
		}
		if (skipped) return
		if (rules.text.has(tag.name)) keep--
		if (rules.breaks.has(tag.name)) out.push('\n')
	})
	parser.on('text', (text) => {
		if (keep > 0 && !skipped) out.push(text)
	})
	parser.on('cdata', (text) => {
		if (keep > 0 && !skipped) out.push(text)
	})
	parser.write(xml).close()
	return out.join('')
}
