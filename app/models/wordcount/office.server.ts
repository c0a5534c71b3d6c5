import { partNames, readParts } from '#app/models/wordcount/archive.server.ts'
import { elementsNamed, xmlText } from '#app/models/wordcount/xml.server.ts'

export type Extracted = { text: string; hiddenSheets?: number; hiddenSlides?: number }

const WORD_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/

// Word: body, headers, footers, footnotes, endnotes, comments and text boxes. Deleted text of
// tracked changes is left out; a text box's fallback copy (mc:Fallback) is not counted twice.
export function extractDocx(bytes: Uint8Array): Extracted {
	const parts = readParts(bytes, (name) => WORD_PARTS.test(name))
	const text = partNames(parts, WORD_PARTS)
		.map((name) =>
			xmlText(parts.get(name)!, {
				text: new Set(['w:t']),
				breaks: new Set(['w:p', 'w:tc']),
				spaces: new Set(['w:tab', 'w:br', 'w:cr']),
				skip: new Set(['mc:Fallback', 'w:delText', 'w:instrText']),
			}),
		)
		.join('\n')
	return { text }
}

const SHEET_PARTS = /^xl\/(workbook|sharedStrings|worksheets\/sheet\d+|drawings\/drawing\d+|comments\d*)\.xml$/

// Excel: every cell of every sheet (shared strings as often as they are used, numbers too),
// text boxes and comments; hidden sheets are counted and reported.
export function extractXlsx(bytes: Uint8Array): Extracted {
	const parts = readParts(bytes, (name) => SHEET_PARTS.test(name))
	const shared = [...elementsNamed(parts.get('xl/sharedStrings.xml') ?? '', 'si')].map(({ body }) =>
		xmlText(`<si>${body ?? ''}</si>`, { text: new Set(['t']), breaks: new Set(), skip: new Set(['rPh']) }),
	)
	const hiddenSheets = [...(parts.get('xl/workbook.xml') ?? '').matchAll(/<sheet\b[^<>]*\bstate="(hidden|veryHidden)"/g)].length
	const lines: string[] = []
	for (const name of partNames(parts, /^xl\/worksheets\/sheet\d+\.xml$/)) {
		for (const cell of elementsNamed(parts.get(name)!, 'c')) {
			const type = /\bt="(\w+)"/.exec(cell.attributes)?.[1]
			const body = cell.body ?? ''
			const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1]
			if (type === 's' && value !== undefined) lines.push(shared[Number(value)] ?? '')
			else if (type === 'inlineStr') lines.push(xmlText(`<is>${/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? ''}</is>`, { text: new Set(['t']), breaks: new Set() }))
			else if (value !== undefined && type !== 'e' && type !== 'b') lines.push(decodeEntities(value))
		}
	}
	for (const name of partNames(parts, /^xl\/(drawings\/drawing\d+|comments\d*)\.xml$/)) {
		lines.push(xmlText(parts.get(name)!, { text: new Set(['a:t', 't']), breaks: new Set(['a:p', 'comment']) }))
	}
	return { text: lines.join('\n'), hiddenSheets }
}

const ODF_PARTS = /^(content|styles)\.xml$|^META-INF\/manifest\.xml$/

export class EncryptedError extends Error {}

// OpenDocument text and spreadsheets: the body, headers and footers of the page styles, notes
// and annotations. An encrypted package cannot be read.
export function extractOdf(bytes: Uint8Array): Extracted {
	const parts = readParts(bytes, (name) => ODF_PARTS.test(name))
	if (/manifest:encryption-data/.test(parts.get('META-INF/manifest.xml') ?? '')) throw new EncryptedError()
	const rules = {
		text: new Set(['office:body', 'style:header', 'style:footer', 'style:header-left', 'style:footer-left']),
		breaks: new Set(['text:p', 'text:h', 'table:table-cell']),
		spaces: new Set(['text:s', 'text:tab', 'text:line-break']),
		skip: new Set(['text:tracked-changes', 'office:forms']),
	}
	const hiddenSheets = [...(parts.get('content.xml') ?? '').matchAll(/<table:table\b[^<>]*table:visibility="(collapse|filter)"/g)].length
	const text = [parts.get('content.xml'), parts.get('styles.xml')].map((xml) => (xml ? xmlText(xml, rules) : '')).join('\n')
	return { text, hiddenSheets }
}

function decodeEntities(value: string): string {
	return value.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!)
}

const IWORK_PARTS = /^(index\.xml|QuickLook\/Preview\.pdf)$/

// iWork '09 Pages and Numbers keep their content in index.xml: Pages as text storages, Numbers as
// cells whose text is an attribute. Newer iWork files keep it in a binary format: those go to a
// person (as does a file with neither).
export function extractIworkXml(bytes: Uint8Array, kind: 'pages' | 'numbers'): Extracted | null {
	const parts = readParts(bytes, (name) => IWORK_PARTS.test(name))
	const xml = parts.get('index.xml')
	if (!xml) return null
	if (kind === 'pages') {
		// Ghost text is the template's placeholder, shown greyed until the author types.
		return {
			text: xmlText(xml, {
				text: new Set(['sf:text-storage']),
				breaks: new Set(['sf:p']),
				spaces: new Set(['sf:tab', 'sf:br', 'sf:lnbr', 'sf:crbr']),
				skip: new Set(['sf:ghost-text']),
			}),
		}
	}
	const cells = [...xml.matchAll(/<sf:(?:ct|so)\b[^<>]*\bsfa:s="([^"<]*)"|<sf:[nd]\b[^<>]*\bsf:v="([^"<]*)"/g)].map((match) => decodeEntities(match[1] ?? match[2] ?? ''))
	return { text: cells.join('\n') }
}
