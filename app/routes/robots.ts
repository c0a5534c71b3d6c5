import type { Route } from './+types/robots'
import { servicesContext } from '#app/http/context.server.ts'
import { PAGE_PATHS } from '#app/utils/locales.ts'

// GET /robots.txt: everything public may be crawled but the back office, customers' quotes and
// their accounts.
export function loader({ context }: Route.LoaderArgs) {
	const origin = context.get(servicesContext).publicUrl
	const quotes = Object.values(PAGE_PATHS.quote).map((path) => path.replace(':id', ''))
	const lines = [
		'User-agent: *',
		'Disallow: /admin',
		...quotes.map((path) => `Disallow: ${path}`),
		'Disallow: /quotes/',
		...Object.values(PAGE_PATHS.account).map((path) => `Disallow: ${path}`),
		'Disallow: /account/',
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	]
	return new Response(lines.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
