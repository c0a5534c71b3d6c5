import { getResolvedPDFJS } from 'unpdf'

type Annotation = {
	id?: string
	subtype?: string
	fieldType?: string
	fieldValue?: unknown
	combo?: boolean
	pushButton?: boolean
	hasAppearance?: boolean
	options?: { displayValue?: string }[]
	textContent?: string[]
	hidden?: boolean
	noView?: boolean
}

type Page = {
	getAnnotations(options: { intent: 'display' }): Promise<unknown[]>
	getOperatorList(options: { intent: 'display'; annotationMode: number }): Promise<{
		fnArray: number[]
		argsArray: unknown[]
	}>
}

// What a form shows on the page, which is not in the page's own text: a text field as its
// appearance draws it ("232,324.00" for a value of 232324 and a format of two decimals), else its
// value; a list box's items (a drop-down's chosen one); a text box drawn as an annotation
// (FreeText); a push button's caption ("Restore", "Add item"). As pdftotext prints them; a
// filled-in insurance certificate counted 5 words of 88 before. Until 28 November 2026 a
// button's caption was not counted and a field's number was counted as stored.
export async function formText(page: Page): Promise<string> {
	const annotations = ((await page.getAnnotations({ intent: 'display' })) as Annotation[]).filter(
		(annotation) => !annotation.hidden && !annotation.noView,
	)
	const captions = await buttonCaptions(page, annotations)
	const lines = annotations.flatMap((annotation) => fieldLines(annotation, captions))
	const text = lines.map((line) => line.replace(/\r\n?/g, '\n').trim()).filter(Boolean)
	return text.length ? `\n${text.join('\n')}` : ''
}

function fieldLines(annotation: Annotation, captions: Map<string, string>): string[] {
	if (annotation.subtype === 'FreeText') return annotation.textContent ?? []
	if (annotation.subtype !== 'Widget') return []
	if (annotation.pushButton) return [captions.get(annotation.id ?? '') ?? '']
	if (annotation.fieldType === 'Tx')
		return annotation.textContent?.length
			? annotation.textContent
			: typeof annotation.fieldValue === 'string'
				? [annotation.fieldValue]
				: []
	if (annotation.fieldType !== 'Ch') return []
	return annotation.combo
		? [annotation.fieldValue].flat().filter((value): value is string => typeof value === 'string')
		: (annotation.options ?? []).map((option) => option.displayValue ?? '')
}

// A push button's caption is drawn by its appearance alone, which pdf.js hands over only with the
// page's drawing operators: read (on a page that has such a button, and only then) from the text
// drawn between the button's beginAnnotation and endAnnotation.
async function buttonCaptions(page: Page, annotations: Annotation[]): Promise<Map<string, string>> {
	const buttons = new Set(annotations.filter((a) => a.pushButton && a.hasAppearance && a.id).map((a) => a.id!))
	const captions = new Map<string, string>()
	if (!buttons.size) return captions
	const { OPS, AnnotationMode } = await getResolvedPDFJS()
	const { fnArray, argsArray } = await page.getOperatorList({
		intent: 'display',
		annotationMode: AnnotationMode.ENABLE,
	})
	let current: string | null = null
	fnArray.forEach((operator, index) => {
		const args = argsArray[index] as unknown[]
		if (operator === OPS.beginAnnotation) current = buttons.has(args[0] as string) ? (args[0] as string) : null
		else if (operator === OPS.endAnnotation) current = null
		else if (operator === OPS.showText && current)
			captions.set(current, (captions.get(current) ?? '') + glyphText(args[0]))
	})
	return captions
}

// showText's glyphs, each with its Unicode value, and numbers for the space between them (a gap
// wider than a tenth of the font's size is a space).
const glyphText = (glyphs: unknown) =>
	(Array.isArray(glyphs) ? glyphs : [])
		.map((glyph: unknown) =>
			typeof glyph === 'number' ? (glyph < -100 ? ' ' : '') : ((glyph as { unicode?: string } | null)?.unicode ?? ''),
		)
		.join('')
