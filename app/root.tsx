import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useRouteLoaderData,
	type ShouldRevalidateFunction,
} from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import stylesheet from '#app/app.css?url'
import appCss from '#app/app.css?inline'
import { I18nProvider } from '#app/components/ui/i18n-provider.tsx'
import { useAlternates } from '#app/components/public/language-switch.tsx'
import { PageProgress } from '#app/components/ui/page-progress.tsx'
import { SnapshotRefresh } from '#app/components/ui/snapshot-refresh.tsx'
import { optionalStaff } from '#app/http/access.server.ts'
import { mayOpen } from '#app/models/staff/roles.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'
import { ADMIN_MESSAGES, loadPageMessages } from '#app/models/translation.server.ts'
import { isAdminPath, isWorkPath } from '#app/utils/admin-paths.ts'
import { CABLE_PATH } from '#app/utils/cable.ts'
import { getDb, requestInfoContext, routePatternContext, servicesContext } from '#app/http/context.server.ts'
import { LOCALES, localeFromPath } from '#app/utils/locales.ts'
import { isReadingPage } from '#app/utils/reading-pages.ts'

// A built page carries its styles inline (see Layout); Vite's dev server links them, to reload them.
export const links: Route.LinksFunction = () => [
	...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

// Every request, page, data or resource, passes here first: the guards read the route it matched.
export const middleware: Route.MiddlewareFunction[] = [
	({ pattern, context }, next) => {
		context.set(routePatternContext, pattern)
		return next()
	},
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { csrfToken } = context.get(requestInfoContext)
	// Canonical and alternate links name the configured address, never the Host a visitor sent.
	const origin = context.get(servicesContext).publicUrl
	if (isAdminPath(url.pathname) || isWorkPath(url.pathname)) {
		const locale = resolveAdminLocale(request)
		return { locale, origin, csrfToken, isAdmin: true, canEditTexts: false, messages: ADMIN_MESSAGES[locale] }
	}
	const locale = localeFromPath(url.pathname)
	// Staff whose role edits content may edit the texts in place; nobody else gets the markup for it.
	const staff = optionalStaff(context)
	const canEditTexts = staff !== null && mayOpen(staff.role, 'content')
	return {
		locale,
		origin,
		csrfToken,
		isAdmin: false,
		canEditTexts,
		messages: await loadPageMessages(getDb(context), locale, canEditTexts, isReadingPage(url.pathname)),
	}
}

// The messages change with the language, and from a page a visitor reads to one that carries the
// order flow's texts (and after staff edit them: an action revalidates). Single fetch's default
// reloads the root on every navigation today; the first two hold should that ever narrow.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
	localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname) ||
	(isReadingPage(currentUrl.pathname) && !isReadingPage(nextUrl.pathname)) ||
	defaultShouldRevalidate

// In Tailwind's base layer, beside its important [hidden] rule, so specificity decides.
const NO_SCRIPT_CSS =
	'@layer base { [data-faq-answer][hidden], [data-tab-panel][hidden] { display: block !important; } [data-read-more-content] { max-height: none !important; } [data-controller="read-more"] > button, [data-read-more-content] > [aria-hidden], img[data-src]:not([src]) { display: none !important; } .carousel .swiper-wrapper { flex-wrap: wrap; } .carousel-controls { display: none !important; } [data-admin-menu-toggle] { display: none !important; } [data-admin-menu] { display: flex !important; } }'

export function Layout({ children }: { children: React.ReactNode }) {
	const data = useRouteLoaderData<typeof loader>('root')
	const locale = data?.locale ?? 'da'
	return (
		<html lang={locale}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="csrf-token" content={data?.csrfToken ?? ''} />
				<meta name="action-cable-url" content={CABLE_PATH} />
				<Meta />
				{/* The styles travel with the page, so it paints without waiting for a second file; as a
				    React resource, hydration keeps the server's copy (the browser's bundle has no text). */}
				{import.meta.env.PROD && (
					<style href={stylesheet} precedence="app">
						{import.meta.env.SSR ? appCss : ''}
					</style>
				)}
				<Links />
				{data?.isAdmin && <meta name="robots" content="noindex, nofollow" />}
				{data && !data.isAdmin && <AlternateLinks origin={data.origin} />}
				{/* What script folds away (FAQ answers, tab panels) stays open without it. Only then, so
				    nothing jumps while a page with script loads. */}
				<noscript>
					<style>{NO_SCRIPT_CSS}</style>
				</noscript>
			</head>
			<body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
				<I18nProvider locale={locale} messages={data?.messages ?? {}} canEdit={data?.canEditTexts ?? false}>
					{children}
				</I18nProvider>
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	)
}

export default function App() {
	// Lets styles and tests tell a hydrated page from server HTML.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return (
		<>
			<PageProgress />
			<SnapshotRefresh />
			<Outlet />
		</>
	)
}

function AlternateLinks({ origin }: { origin: string }) {
	const alternates = useAlternates()
	const { pathname } = useLocation()
	const locale = localeFromPath(pathname)
	// Only a page that is what it says (not a 404 falling back to the home page's alternates)
	// names itself canonical.
	const isCanonical = alternates[locale] === pathname
	return (
		<>
			{LOCALES.map((other) => (
				<link key={other} rel="alternate" hrefLang={other} href={origin + alternates[other]} />
			))}
			<link rel="alternate" hrefLang="x-default" href={origin + alternates.da} />
			{isCanonical && <link rel="canonical" href={origin + pathname} />}
			{isCanonical && <meta property="og:url" content={origin + pathname} />}
		</>
	)
}

// Reached only when the site's own frame could not render (its data failed), so the texts
// cannot come from the database: both languages, and no details of the cause.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const isNotFound = isRouteErrorResponse(error) && error.status === 404
	const [da, en] = isNotFound ? ['Siden findes ikke', 'Page not found'] : ['Der gik noget galt', 'Something went wrong']
	return (
		<main className="mx-auto max-w-2xl px-4 py-24 text-center">
			<title>{`${da} · ${en}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{da}</h1>
			<p lang="en" className="text-xl">
				{en}
			</p>
		</main>
	)
}
