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

// Every <name …>…</name> (or <name …/>) of a part, in order, found by indexOf rather than a
// pattern: when an end tag is missing, none after it can close either, so the search stops there.
// A crafted part of a million start tags without ends costs one pass, not one pass per start tag.
export function* elementsNamed(xml: string, name: string): Generator<{ attributes: string; body: string | null }> {
	const open = `<${name}`
	const close = `</${name}>`
	for (let from = 0; ;) {
		const start = xml.indexOf(open, from)
		if (start < 0) return
		from = start + open.length
		// The name must end here: `<c` is not `<col`.
		if (!/[\s/>]/.test(xml.charAt(from))) continue
		const tagEnd = xml.indexOf('>', from)
		if (tagEnd < 0) return
		if (xml.charAt(tagEnd - 1) === '/') {
			yield { attributes: xml.slice(from, tagEnd - 1), body: null }
			from = tagEnd + 1
			continue
		}
		const end = xml.indexOf(close, tagEnd + 1)
		if (end < 0) return
		yield { attributes: xml.slice(from, tagEnd), body: xml.slice(tagEnd + 1, end) }
		from = end + close.length
	}
}

// The five entities XML predefines, in an attribute's value.
export function decodeEntities(value: string): string {
	return value.replace(
		/&(lt|gt|amp|quot|apos);/g,
		(_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
	)
}
