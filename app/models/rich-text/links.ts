// The links staff may put in rich content: http(s), mailto, tel, and addresses on this site.
const ALLOWED_LINK =
	/^(https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s().-]{3,}|\/(?!\/)[^\s]*|#[\w-]+)$/i

export function isAllowedLink(url: string): boolean {
	return ALLOWED_LINK.test(url.trim())
}

// How many steps undo can go back in the editor. Redactor, which the spec's editor was, keeps a
// buffer of 100 by default; that covers a long editing session, and each step is a small
// ProseMirror transform, so the memory stays bounded.
export const UNDO_DEPTH = 100

// The spec's rule for a file link's text: longer than 20 characters and starting with http, it is
// cut to 20 characters and an ellipsis.
export function fileLinkText(title: string): string {
	const text = title.trim()
	return text.length > 20 && /^http/i.test(text) ? `${text.slice(0, 20)}…` : text
}
