import { lazy, Suspense } from 'react'
import { Link, Outlet, useLoaderData } from 'react-router'
import type { Route } from './+types/public-layout'
import { Banner } from '#app/components/public/banner.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LanguageSwitch } from '#app/components/public/language-switch.tsx'
import { Navigation } from '#app/components/public/navigation.tsx'
import { SiteFooter } from '#app/components/public/site-footer.tsx'
import { StickyNavbar } from '#app/components/public/sticky-navbar.tsx'
import { isBannerDismissed } from '#app/http/banner.server.ts'
import { getRequestSettings, listRequestMenuPages } from '#app/http/site.server.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'

// Staff only: anonymous visitors never load it (nor get the markup it works on).
const InlineTextEditing = lazy(() => import('#app/components/public/inline-text-editing.tsx'))

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const [settings, pages, isDismissed] = await Promise.all([
		getRequestSettings(context),
		listRequestMenuPages(context, locale),
		isBannerDismissed(request, context),
	])
	const { agencyName, email, phone, address, cvr } = settings
	return { agency: { agencyName, email, phone, address, cvr }, pages, showBanner: !isDismissed }
}

export default function PublicLayout() {
	const { agency, pages, showBanner } = useLoaderData<typeof loader>()
	const { locale, t, canEdit } = useI18n()
	const isHydrated = useHydrated()
	return (
		<>
			<a
				href="#main"
				className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:p-2"
			>
				{t('nav.skip')}
			</a>
			{showBanner && <Banner />}
			<StickyNavbar>
				<header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
					<Link to={pathFor('home', locale)} className="mr-auto text-xl font-bold tracking-tight text-teal-800 md:mr-0">
						{t('site.name')}
						<span className="sr-only"> – {t('nav.home')}</span>
					</Link>
					<Navigation menuPages={pages.filter((page) => page.showInMenu)} />
					<LanguageSwitch />
				</header>
			</StickyNavbar>
			<main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
				<Outlet />
			</main>
			<SiteFooter agency={agency} pages={pages} />
			{canEdit && isHydrated && (
				<Suspense fallback={null}>
					<InlineTextEditing />
				</Suspense>
			)}
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
