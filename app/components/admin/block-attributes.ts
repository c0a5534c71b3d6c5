import { Extension } from '@tiptap/core'

// The blocks the properties dialog can give an id and a class (the spec's properties dialog).
export const BLOCK_TYPES = [
	'paragraph',
	'heading',
	'blockquote',
	'bulletList',
	'orderedList',
	'table',
	'image',
] as const

// An id is one word (a letter first); a class is one or more such words.
export const ID_PATTERN = /^[A-Za-z][\w-]*$/
export const CLASS_PATTERN = /^[A-Za-z_-][\w-]*(\s+[A-Za-z_-][\w-]*)*$/

// Keeps id and class on those blocks through editing; an empty value is no attribute at all.
export const BlockAttributes = Extension.create({
	name: 'blockAttributes',
	addGlobalAttributes() {
		return [
			{
				types: [...BLOCK_TYPES],
				attributes: {
					id: {
						default: null,
						parseHTML: (element) => element.getAttribute('id') || null,
						renderHTML: (attributes) => (attributes.id ? { id: attributes.id } : {}),
					},
					class: {
						default: null,
						parseHTML: (element) => element.getAttribute('class') || null,
						renderHTML: (attributes) => (attributes.class ? { class: attributes.class } : {}),
					},
				},
			},
		]
	},
})
