// What a document shows that nobody typed, read for the bench alone: automatic list numbers (Word,
// OpenDocument) and the number and date fields on a pptx's slides. The count leaves them out, as
// Word's own count and the CAT tools do, and LibreOffice's text and PDF routes print them, so the
// policy figure puts them back before comparing. A label's digits do not change a count, so each
// is written with the words it has: "%1.%2." as "1.1.", a bullet as nothing.
import { readFileSync } from 'node:fs'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { readParts } from '#app/models/wordcount/archive.server.ts'
import { openXmlPackage } from '#app/models/wordcount/formats/open-xml.server.ts'
import { elementsNamed } from '#app/models/wordcount/xml.server.ts'

export function generatedText(file: string, format: string): string {
	try {
		if (format === 'docx') return wordNumbers(readFileSync(file))
		if (format === 'odt') return openDocumentNumbers(readFileSync(file))
		if (format === 'pptx') return slideFields(readFileSync(file))
	} catch {
		// A file the site reads otherwise (or not at all) shows nothing generated here.
	}
	return ''
}

const value = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1]

function wordNumbers(bytes: Uint8Array): string {
	const files = readParts(openXmlPackage(bytes), (name) => /^word\/(document|numbering|styles)\.xml$/.test(name))
	const numbering = files.get('word/numbering.xml') ?? ''
	const levels = new Map<string, Map<string, { format: string; text: string }>>()
	for (const { attributes, body } of elementsNamed(numbering, 'w:abstractNum')) {
		const byLevel = new Map<string, { format: string; text: string }>()
		for (const level of elementsNamed(body ?? '', 'w:lvl'))
			byLevel.set(value(level.attributes, 'w:ilvl') ?? '0', {
				format: /<w:numFmt w:val="([^"]*)"/.exec(level.body ?? '')?.[1] ?? 'decimal',
				text: /<w:lvlText w:val="([^"]*)"/.exec(level.body ?? '')?.[1] ?? '',
			})
		levels.set(value(attributes, 'w:abstractNumId') ?? '', byLevel)
	}
	const abstractOf = new Map(
		[...elementsNamed(numbering, 'w:num')].map(({ attributes, body }) => [
			value(attributes, 'w:numId'),
			/<w:abstractNumId w:val="([^"]*)"/.exec(body ?? '')?.[1] ?? '',
		]),
	)
	const styleNumbers = new Map(
		[...elementsNamed(files.get('word/styles.xml') ?? '', 'w:style')].map(({ attributes, body }) => [
			value(attributes, 'w:styleId'),
			numberOf(body ?? ''),
		]),
	)
	const labels: string[] = []
	for (const { body } of elementsNamed(files.get('word/document.xml') ?? '', 'w:p')) {
		const properties = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(body ?? '')?.[1] ?? ''
		const style = /<w:pStyle w:val="([^"]*)"/.exec(properties)?.[1]
		const number = numberOf(properties) ?? (style ? styleNumbers.get(style) : null)
		if (!number || number.id === '0') continue
		const byLevel = levels.get(abstractOf.get(number.id) ?? '')
		const level = byLevel?.get(number.level)
		if (!level || level.format === 'bullet' || level.format === 'none') continue
		labels.push(
			level.text.replace(/%(\d)/g, (_, n: string) => {
				const format = byLevel?.get(String(Number(n) - 1))?.format
				return format === 'bullet' || format === 'none' ? '' : '1'
			}),
		)
	}
	return labels.join('\n')
}

function numberOf(properties: string): { id: string; level: string } | null {
	const id = /<w:numId w:val="([^"]*)"/.exec(properties)?.[1]
	return id === undefined ? null : { id, level: /<w:ilvl w:val="([^"]*)"/.exec(properties)?.[1] ?? '0' }
}

type LevelStyle = { numbered: boolean; prefix: string; suffix: string; shown: number }

function openDocumentNumbers(bytes: Uint8Array): string {
	const files = readParts(bytes, (name) => name === 'content.xml' || name === 'styles.xml')
	const styles = new Map<string, Map<number, LevelStyle>>()
	for (const xml of [files.get('styles.xml') ?? '', files.get('content.xml') ?? ''])
		for (const { attributes, body } of elementsNamed(xml, 'text:list-style')) {
			const byLevel = new Map<number, LevelStyle>()
			for (const kind of ['number', 'bullet', 'image'])
				for (const level of elementsNamed(body ?? '', `text:list-level-style-${kind}`))
					byLevel.set(Number(value(level.attributes, 'text:level') ?? 1), {
						numbered: kind === 'number' && value(level.attributes, 'style:num-format') !== '',
						prefix: value(level.attributes, 'style:num-prefix') ?? '',
						suffix: value(level.attributes, 'style:num-suffix') ?? '',
						shown: Number(value(level.attributes, 'text:display-levels') ?? 1),
					})
			styles.set(value(attributes, 'style:name') ?? '', byLevel)
		}
	const labels: string[] = []
	// The lists open around the paragraph (each with its style, or its parent's) and whether the
	// item's first paragraph is still to come.
	const lists: string[] = []
	let awaiting = false
	const parser = new SaxesParser({ xmlns: false })
	parser.on('opentag', (tag: SaxesTagPlain) => {
		if (tag.name === 'text:list') lists.push(String(tag.attributes['text:style-name'] ?? lists.at(-1) ?? ''))
		else if (tag.name === 'text:list-item') awaiting = true
		else if (tag.name === 'text:list-header') awaiting = false
		else if ((tag.name === 'text:p' || tag.name === 'text:h') && awaiting) {
			awaiting = false
			const level = styles.get(lists.at(-1) ?? '')?.get(lists.length)
			if (level?.numbered)
				labels.push(`${level.prefix}${Array(Math.min(level.shown, lists.length)).fill('1').join('.')}${level.suffix}`)
		}
	})
	parser.on('closetag', (tag) => {
		if (tag.name === 'text:list') lists.pop()
	})
	parser.write(files.get('content.xml') ?? '').close()
	return labels.join('\n')
}

// A slide's number field shows the slide's number, a date field the date it was saved with, and a
// paragraph numbered automatically (a:buAutoNum) its number.
function slideFields(bytes: Uint8Array): string {
	const files = readParts(openXmlPackage(bytes), (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
	const slides = [...files.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
	const fields: string[] = []
	for (const [index, name] of slides.entries()) {
		const xml = files.get(name)!
		if (/<p:sld\b[^>]*\bshow="(0|false)"/.test(xml)) continue
		for (const { attributes, body } of elementsNamed(xml, 'a:fld')) {
			const text = /<a:t>([^<]*)<\/a:t>/.exec(body ?? '')?.[1] ?? ''
			fields.push(value(attributes, 'type') === 'slidenum' ? String(index + 1) : text)
		}
		for (const { body } of elementsNamed(xml, 'a:p')) {
			const properties = body?.startsWith('<a:pPr') ? body.slice(0, body.indexOf('</a:pPr>') >>> 0) : ''
			if (properties.includes('<a:buAutoNum')) fields.push('1.')
		}
	}
	return fields.join('\n')
}
