import type { Request } from 'express'
import { PAGE_PATHS } from '#app/utils/locales.ts'
import { CONTENT_PAGE, hasStaffCookie } from '#server/page-cache/cacheable.ts'

// The public pages that only read, rendered on the render thread for visitors without a staff
// session (staff may edit texts in place; their pages stay on the main thread with the session).
// A page that writes or takes an upload is never here: only GET, and the order page's GET only reads.
const PAGES = new Set<string>(
	(['home', 'prices', 'faq', 'about', 'contact', 'order'] as const).flatMap((name) => Object.values(PAGE_PATHS[name])),
)
// A client-side navigation asks for the same page's data (`/priser.data`, `/_root.data` for `/`).
const DATA_SUFFIX = /\.data$/

export function rendersOnThread(req: Request): boolean {
	if (req.method !== 'GET' || hasStaffCookie(req.headers.cookie)) return false
	const page = req.path === '/_root.data' ? '/' : req.path.replace(DATA_SUFFIX, '')
	return PAGES.has(page) || CONTENT_PAGE.test(page)
}
