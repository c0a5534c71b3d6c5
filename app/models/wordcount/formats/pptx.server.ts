import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { Budget } from '#app/models/wordcount/budget.server.ts'
import { addTo, type Extracted, type Format, type PartTexts } from '#app/models/wordcount/format.server.ts'
import { openXmlPackage, zipOrContainer } from '#app/models/wordcount/formats/open-xml.server.ts'
import { drawingTexts, PARAGRAPHS, textOf } from '#app/models/wordcount/formats/drawings.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'

// PowerPoint (pptx): what a translator sees on the slides and translates once.
// - every slide and its speaker notes; hidden slides are counted and reported;
// - text a layout or master puts on the slides that use it (a shape that is not a placeholder: a
//   company name, a line of legal text), each distinct text once; the placeholders hold the
//   template's prompts ("Click to edit the title text format") and are left out;
// - charts: titles (chart and axes), series names, and the category labels once per chart (every
//   series repeats them); the numbers of the data are not text;
// - SmartArt: the text of its data part, once (not its rendered drawing, which repeats it).
const SLIDES = /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/
const TEMPLATES = /^ppt\/(slideLayouts\/slideLayout\d+|slideMasters\/slideMaster\d+)\.xml$/
const RELATIONS = /^ppt\/(slides|slideLayouts)\/_rels\/[^/]+\.xml\.rels$/
const CHARTS = /^ppt\/charts\/chart\d+\.xml$/
const DIAGRAMS = /^ppt\/diagrams\/data\d+\.xml$/

// A field (a slide's or notes page's number, an automatic date) is not the author's text: a notes
// page's number counted as a word on every page.
const SLIDE_RULES = { ...PARAGRAPHS, skip: new Set(['mc:Fallback', 'a:fld']) }

export function extractPptx(bytes: Uint8Array, budget = new Budget()): Extracted {
	const files = readParts(
		bytes,
		(name) =>
			SLIDES.test(name) || TEMPLATES.test(name) || RELATIONS.test(name) || CHARTS.test(name) || DIAGRAMS.test(name),
		budget,
	)
	const parts: PartTexts = {}
	let hiddenSlides = 0
	const everySlide = new Set<string>()
	for (const name of partNames(files, SLIDES)) {
		const { xml, footers } = withoutFooters(files.get(name)!, name.startsWith('ppt/slides/'))
		for (const footer of footers) everySlide.add(footer)
		const isHidden = name.startsWith('ppt/slides/') && /<p:sld\b[^>]*\bshow="(0|false)"/.test(xml)
		if (isHidden) hiddenSlides++
		addTo(parts, isHidden ? 'hidden' : name.startsWith('ppt/slides/') ? 'body' : 'notes', xmlText(xml, SLIDE_RULES))
	}
	for (const text of templateText(files)) everySlide.add(text)
	addTo(parts, 'headers', [...everySlide].join('\n'))
	for (const text of drawingTexts(files, CHARTS, DIAGRAMS)) addTo(parts, 'charts', text)
	return { parts, hiddenSlides }
}

// The layouts the slides show, and the masters those layouts show: a slide with showMasterSp="0"
// shows neither its layout's shapes nor its master's, a layout with it not its master's (until 28
// November 2026 a master's shapes were counted wherever a layout used the master).
function hidesTemplate(xml: string): boolean {
	const start = xml.indexOf('<p:sld')
	return start >= 0 && /\bshowMasterSp="(0|false)"/.test(xml.slice(start, xml.indexOf('>', start) >>> 0))
}
function usedTemplates(parts: Map<string, string>): string[] {
	const target = (relations: string | undefined, folder: string) => {
		const match = new RegExp(`Target="\\.\\./${folder}/(${folder.slice(0, -1)}\\d+\\.xml)"`).exec(relations ?? '')
		return match ? `ppt/${folder}/${match[1]}` : null
	}
	const relationsOf = (name: string) => parts.get(name.replace(/\/([^/]+)$/, '/_rels/$1.rels'))
	const shown = new Set<string>()
	for (const slide of partNames(parts, /^ppt\/slides\/slide\d+\.xml$/)) {
		if (hidesTemplate(parts.get(slide)!)) continue
		const layout = target(relationsOf(slide), 'slideLayouts')
		if (!layout || !parts.has(layout)) continue
		shown.add(layout)
		if (hidesTemplate(parts.get(layout)!)) continue
		const master = target(relationsOf(layout), 'slideMasters')
		if (master && parts.has(master)) shown.add(master)
	}
	return [...shown]
}

function templateText(parts: Map<string, string>): Set<string> {
	const texts = new Set<string>()
	for (const name of usedTemplates(parts)) {
		for (const shape of elementsNamed(parts.get(name)!, 'p:sp')) {
			if (!shape.body || shape.body.includes('<p:ph')) continue
			const text = textOf(shape.body, PARAGRAPHS).trim()
			if (text) texts.add(text)
		}
	}
	return texts
}

// A slide's footer and header are the same on every slide, and translated once: the slide without
// them, and their text. (A notes page's stay with its notes: they print on the notes pages alone.)
// One forward pass over the slide's shapes, each search starting where the last one ended (the
// part is the customer's: no search may go back over it), and only on a slide that has a footer or
// header placeholder at all.
const FOOTER_TYPE = /\btype="(?:ftr|hdr)"/
function withoutFooters(xml: string, isSlide: boolean): { xml: string; footers: string[] } {
	if (!isSlide || !(xml.includes('type="ftr"') || xml.includes('type="hdr"'))) return { xml, footers: [] }
	const kept: string[] = []
	const footers: string[] = []
	let cursor = 0
	let placeholder = xml.indexOf('<p:ph', 0)
	for (let start = nextShape(xml, 0); start >= 0;) {
		const close = xml.indexOf('</p:sp>', start)
		if (close < 0) break
		while (placeholder >= 0 && placeholder < start) placeholder = xml.indexOf('<p:ph', placeholder + 5)
		if (placeholder >= 0 && placeholder < close) {
			const tagEnd = xml.indexOf('>', placeholder)
			if (tagEnd > 0 && tagEnd < close && FOOTER_TYPE.test(xml.slice(placeholder, tagEnd))) {
				const text = textOf(xml.slice(xml.indexOf('>', start) + 1, close), PARAGRAPHS).trim()
				if (text) {
					footers.push(text)
					kept.push(xml.slice(cursor, start))
					cursor = close + 7
				}
			}
		}
		start = nextShape(xml, close + 7)
	}
	kept.push(xml.slice(cursor))
	return { xml: kept.join(''), footers }
}

// The next <p:sp …> at or after `from` (not <p:spTree> or <p:spPr>).
function nextShape(xml: string, from: number): number {
	for (let at = xml.indexOf('<p:sp', from); at >= 0; at = xml.indexOf('<p:sp', at + 5)) {
		const next = xml.charAt(at + 5)
		if (next === '>' || next === ' ') return at
	}
	return -1
}

export const pptx: Format = {
	extensions: ['pptx'],
	sniff: zipOrContainer,
	extract: (bytes, budget) => extractPptx(openXmlPackage(bytes), budget),
}
