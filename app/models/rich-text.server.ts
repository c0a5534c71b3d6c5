import sanitizeHtml from 'sanitize-html'

const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel']

// Staff write page bodies, answers and bios; whatever they paste is cleaned on the way out too.
export function sanitizeRichHtml(html: string): string {
	return sanitizeHtml(html, {
		allowedTags: [
			'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li',
			'blockquote', 'figure', 'figcaption', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
		],
		allowedAttributes: {
			a: ['href', 'title', 'target', 'rel'],
			img: ['src', 'alt', 'width', 'height', 'loading'],
			th: ['colspan', 'rowspan', 'scope'],
			td: ['colspan', 'rowspan'],
			'*': ['id', 'class'],
		},
		allowedSchemes: SAFE_SCHEMES,
		allowedSchemesByTag: { img: ['http', 'https'] },
		allowProtocolRelative: false,
		transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
	})
}

// Translated UI texts: inline formatting and links only.
export function sanitizeInlineHtml(html: string): string {
	return sanitizeHtml(html, {
		allowedTags: ['strong', 'b', 'em', 'i', 'u', 'br', 'a', 'span'],
		allowedAttributes: { a: ['href', 'title'] },
		allowedSchemes: SAFE_SCHEMES,
		allowProtocolRelative: false,
	})
}
