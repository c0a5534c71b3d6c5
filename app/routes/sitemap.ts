import type { Route } from './+types/sitemap'
import { listPublishedPageSlugs } from '#app/models/content.server.ts'
import { getDb, servicesContext } from '#app/http/context.server.ts'
import { LOCALES, pathFor, PAGE_PATHS, PRIVATE_PAGES, type Locale, type PageName } from '#app/utils/locales.ts'

// The pages with one address per language; quotes (private links), the customer's account and
// content pages (listed from the database) are not among them.
const FIXED_PAGES = (Object.keys(PAGE_PATHS) as PageName[]).filter(
	(name) => !PAGE_PATHS[name].da.includes(':') && !PRIVATE_PAGES.includes(name),
)

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

// GET /sitemap.xml: every public page in both languages, each with its hreflang alternates.
export async function loader({ context }: Route.LoaderArgs) {
	const origin = context.get(servicesContext).publicUrl
	const published = await listPublishedPageSlugs(getDb(context))
	const alternatesList: Record<Locale, string>[] = [
		...FIXED_PAGES.map((name) => ({ da: pathFor(name, 'da'), en: pathFor(name, 'en') })),
		...published.map((page) => ({
			da: pathFor('page', 'da', { slug: page.slugDa }),
			en: pathFor('page', 'en', { slug: page.slugEn }),
		})),
	]
	const entries = alternatesList.flatMap((alternates) =>
		LOCALES.map((locale) => {
			const links = LOCALES.map(
				(other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(origin + alternates[other])}"/>`,
			).join('')
			return `<url><loc>${escapeXml(origin + alternates[locale])}</loc>${links}</url>`
		}),
	)
	const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`
	return new Response(xml, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
