import sanitizeHtml from 'sanitize-html'

const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel']

const LIBRARY_PHOTO = /^(\/uploads\/photos\/[0-9a-f-]{36}\/)large\.webp$/

// The content column is at most 48rem (768 px) wide.
function responsiveSources(src: string | undefined): Record<string, string> {
	const base = src?.match(LIBRARY_PHOTO)?.[1]
	return base
		? { srcset: `${base}medium.webp 800w, ${base}large.webp 1600w`, sizes: '(min-width: 800px) 768px, 100vw' }
		: {}
}

// Staff write page bodies, answers and bios; whatever they paste is cleaned on the way out too.
export function sanitizeRichHtml(html: string): string {
	return sanitizeHtml(html, {
		allowedTags: [
			'p',
			'br',
			'h2',
			'h3',
			'h4',
			'strong',
			'b',
			'em',
			'i',
			'u',
			's',
			'a',
			'ul',
			'ol',
			'li',
			'blockquote',
			'figure',
			'figcaption',
			'img',
			'table',
			'thead',
			'tbody',
			'tr',
			'th',
			'td',
			'hr',
		],
		allowedAttributes: {
			a: ['href', 'title', 'target', 'rel'],
			img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
			th: ['colspan', 'rowspan', 'scope'],
			td: ['colspan', 'rowspan'],
			'*': ['id', 'class'],
		},
		allowedSchemes: SAFE_SCHEMES,
		allowedSchemesByTag: { img: ['http', 'https'] },
		allowProtocolRelative: false,
		transformTags: {
			a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
			// Pictures in a page body load as they come near, without holding up the rest; a library
			// photo offers its 800 px variant to narrow screens. A srcset of the author's own is dropped.
			img: (tagName, { srcset: _srcset, sizes: _sizes, ...attribs }) => ({
				tagName,
				attribs: { ...attribs, ...responsiveSources(attribs.src), loading: 'lazy', decoding: 'async' },
			}),
		},
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
