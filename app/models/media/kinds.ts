// The media library's two kinds, by their addresses under /admin (the spec's names).
export const MEDIA_KINDS = ['photos', 'content_files'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

// What staff may link to as a file: documents whose content can be checked against the extension.
export const CONTENT_FILE_EXTENSIONS = [
	'pdf',
	'docx',
	'doc',
	'xlsx',
	'xls',
	'pptx',
	'ppt',
	'odt',
	'ods',
	'rtf',
	'txt',
	'csv',
] as const
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const

export type PhotoItem = {
	id: number
	url: string
	thumb?: string
	title: string
	name: string
	size: number
	width: number
	height: number
}
export type ContentFileItem = { id: number; url: string; title: string; name: string; size: number }
