import CFB from 'cfb'
import { isCompoundFile, readBinaryParts, readParts } from '#app/models/wordcount/archive.server.ts'
import { OverBudgetError, type Budget } from '#app/models/wordcount/budget.server.ts'
import { openContainer, stream, type Container } from '#app/models/wordcount/compound-file.server.ts'
import type { Format, PartTexts } from '#app/models/wordcount/format.server.ts'
import { actualOfficeType, legacyOfficeType } from '#app/models/wordcount/formats/disguise.server.ts'
import { openXmlPackage } from '#app/models/wordcount/formats/open-xml.server.ts'
import { elementsNamed } from '#app/models/wordcount/xml.server.ts'
import { UNPRICED_PARTS, type CountPart } from '#app/models/wordcount/parts.ts'

// Documents a Word file, workbook or deck holds as objects: an Excel table pasted onto a slide, a
// Word document inside a workbook. The page shows a picture of the object; its text is in the
// embedded file, which neither CAT tool opens on its own, so it is a part of its own (embedded),
// shown to the customer and not priced until they ask for it. Until 28 November 2026 such text was
// not seen at all: a deck of two slides of embedded tables counted 18 words where they show 132.
//
// In a .docx, .xlsx or .pptx: the objects a slide, page or sheet shows (their relationships' type
// oleObject or package), not the workbook behind a chart (its data, which the chart's own text
// already covers). A .doc's and an .xls's extractor hands over the storages Word keeps under
// ObjectPool and Excel as MBD… (storedObjects, from the container it opened), a .ppt's its
// ExOleObjStg records. One level deep, within the document's budget.
const RELATIONS = /^(word|ppt|xl)\/(?!charts\/).*_rels\/[^/]+\.rels$/
const OBJECT_TYPES = /\/(oleObject|package)$/
const EMBEDDED_FORMATS = new Set(['docx', 'docm', 'xlsx', 'xlsm', 'pptx', 'pptm', 'doc', 'xls', 'ppt', 'rtf', 'bin'])

type FormatOf = (extension: string) => Format | undefined

// The text of every object the document embeds (those its extractor found, and a package's), each
// read by its own format.
export async function embeddedTexts(
	type: string,
	bytes: Uint8Array,
	objects: Uint8Array[],
	budget: Budget,
	formatOf: FormatOf,
): Promise<string[]> {
	const files: [string, Uint8Array][] = objects.map((object) => ['object.bin', object])
	if (/^(docx|xlsx|pptx)$/.test(type)) files.push(...packageObjects(openXmlPackage(bytes), budget))
	const texts: string[] = []
	for (const [name, content] of files) {
		const text = await embeddedText(name, content, budget, formatOf)
		if (text.trim()) texts.push(text)
	}
	return texts
}

function packageObjects(zip: Uint8Array, budget: Budget): [string, Uint8Array][] {
	const targets = embeddedObjects(readParts(zip, (name) => RELATIONS.test(name), budget))
	if (!targets.size) return []
	return [...readBinaryParts(zip, (name) => targets.has(name), budget)]
}

// Each storage under ObjectPool (Word) or MBD… (Excel) as a compound file of its own: its streams
// (Workbook, WordDocument and 1Table, PowerPoint Document) at the root, as the file it was.
const STORAGE = /^[^/]+\/(ObjectPool\/[^/]+|MBD[0-9A-Fa-f]+)\/([^/]+)$/
export function storedObjects(container: Container, budget: Budget): Uint8Array[] {
	const storages = new Map<string, { name: string; content: Uint8Array }[]>()
	container.FullPaths.forEach((path, index) => {
		const entry = container.FileIndex[index]!
		const match = STORAGE.exec(path)
		if (!match || entry.type !== 2 || !entry.content) return
		const streams = storages.get(match[1]!) ?? []
		streams.push({ name: match[2]!, content: entry.content as Uint8Array })
		storages.set(match[1]!, streams)
	})
	return [...storages.values()].map((streams) => {
		const object = CFB.utils.cfb_new()
		for (const { name, content } of streams) {
			budget.spend(content.length, 'embedded object')
			CFB.utils.cfb_add(object, name, content)
		}
		return new Uint8Array(CFB.write(object, { type: 'buffer' }) as Buffer)
	})
}

// The parts the package's relationships name as embedded objects, resolved from their source part.
function embeddedObjects(relations: Map<string, string>): Set<string> {
	const targets = new Set<string>()
	for (const [name, xml] of relations) {
		const folder = name.replace(/_rels\/[^/]+$/, '')
		for (const { attributes } of elementsNamed(xml, 'Relationship')) {
			if (!OBJECT_TYPES.test(/\bType="([^"]*)"/.exec(attributes)?.[1] ?? '')) continue
			if (/\bTargetMode="External"/.test(attributes)) continue
			const target = /\bTarget="([^"]*)"/.exec(attributes)?.[1]
			if (target) targets.add(resolve(folder, target))
		}
	}
	return targets
}

function resolve(folder: string, target: string): string {
	const path = target.startsWith('/') ? target.slice(1).split('/') : [...folder.split('/'), ...target.split('/')]
	const out: string[] = []
	for (const segment of path) {
		if (segment === '..') out.pop()
		else if (segment && segment !== '.') out.push(segment)
	}
	return out.join('/')
}

// One embedded file's priced text, read by its own format (an OLE object's .bin by the streams it
// holds: a Word, Excel or PowerPoint 97–2003 file). One that cannot be read adds nothing.
async function embeddedText(name: string, content: Uint8Array, budget: Budget, formatOf: FormatOf): Promise<string> {
	const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase()
	if (!EMBEDDED_FORMATS.has(extension)) return ''
	try {
		const [type, bytes] = extension === 'bin' ? oleObject(content, budget) : [extension, content]
		const format = formatOf(type.replace(/m$/, 'x'))
		if (!format?.sniff(bytes)) return ''
		const { parts } = await format.extract(bytes, budget, type)
		return pricedText(parts)
	} catch (error) {
		// What it unpacks is the document's: past the budget, the whole document goes to a person.
		if (error instanceof OverBudgetError) throw error
		return ''
	}
}

// An OLE object is a Word, Excel or PowerPoint 97–2003 file by its streams, or holds an Office 2007
// file whole in its Package stream (an .xlsx on a .ppt's slide, POI's testPPT_oleWorkbook.ppt).
function oleObject(content: Uint8Array, budget: Budget): [type: string, bytes: Uint8Array] {
	if (!isCompoundFile(content)) return ['', content]
	const container = openContainer(content, budget)
	const legacy = legacyOfficeType(container)
	if (legacy) return [legacy, content]
	const wrapped = stream(container, 'Package')
	return wrapped ? [actualOfficeType(wrapped, 'doc', budget), wrapped] : ['', content]
}

const pricedText = (parts: PartTexts) =>
	Object.entries(parts)
		.filter(([part]) => !UNPRICED_PARTS.has(part as CountPart))
		.flatMap(([, lines]) => lines)
		.join('\n')
