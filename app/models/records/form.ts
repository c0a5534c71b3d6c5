import { z } from 'zod'

// Form values arrive as strings; these read them the way staff type them. Messages are admin
// message keys, translated where the error is shown.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

export const requiredText = (max = 300) =>
	z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(max, 'errors.tooLong')
export const optionalText = (max = 300) =>
	z
		.preprocess(blankToUndefined, z.string().trim().max(max, 'errors.tooLong').optional())
		.transform((value) => value ?? null)
export function richText(required: true): ReturnType<typeof requiredText>
export function richText(required: false): ReturnType<typeof optionalText>
export function richText(required: boolean) {
	return required ? requiredText(50_000) : optionalText(50_000)
}
export const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean())

// Danish staff type 1,25 as often as 1.25.
export function numberField({ min, max, integer = false }: { min: number; max: number; integer?: boolean }) {
	return z.preprocess(
		(value) => {
			const blank = blankToUndefined(value)
			return typeof blank === 'string' ? Number(blank.replace(/\s/g, '').replace(',', '.')) : blank
		},
		z
			.number({ error: (issue) => (issue.input === undefined ? 'errors.required' : 'errors.number') })
			.refine((value) => !integer || Number.isInteger(value), 'errors.wholeNumber')
			.refine((value) => value >= min, 'errors.tooSmall')
			.refine((value) => value <= max, 'errors.tooLarge'),
	)
}

export const idList = z.array(z.coerce.number().int().positive()).default([])
export const pairList = z.array(z.string().regex(/^\d+-\d+$/, 'errors.invalid')).default([])
export const linkField = z
	.preprocess(
		blankToUndefined,
		z
			.string()
			.trim()
			.max(500, 'errors.tooLong')
			.regex(/^(\/(?!\/)|https?:\/\/)\S*$/, 'errors.link')
			.optional(),
	)
	.transform((value) => value ?? null)

export type FieldErrors = Record<string, string>

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
	const errors: FieldErrors = {}
	for (const issue of error.issues) {
		const field = String(issue.path[0] ?? '_form')
		errors[field] ??= issue.message.startsWith('errors.') ? issue.message : 'errors.invalid'
	}
	return errors
}

// An image the server stored itself (uploads) or shipped with the site.
const isImagePath = (value: string | null) =>
	value === null || (/^\/(uploads\/)?images\/[\w./-]+$/.test(value) && !value.includes('..'))
export function imagePath(required: true): ReturnType<typeof requiredText>
export function imagePath(required: false): ReturnType<typeof optionalText>
export function imagePath(required: boolean) {
	return required
		? requiredText(500).refine(isImagePath, 'errors.invalid')
		: optionalText(500).refine(isImagePath, 'errors.invalid')
}
