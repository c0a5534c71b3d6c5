import { data, Link, Outlet, useLoaderData, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { FlashMessage, useKeptFlash } from '#app/components/admin/flash.tsx'
import { AreaErrorPage } from '#app/components/admin/error-page.tsx'
import { LanguageSwitch, LogOut } from '#app/components/admin/area-header.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { takeFlash } from '#app/http/flash.server.ts'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { userStream } from '#app/utils/cable.ts'

// The translator's own pages: their offers and jobs, nothing of the back office. The page listens
// to the translator's own stream, which only their signed-in socket may hear.
export async function loader({ request, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const { flash, clearHeader } = await takeFlash(request, context)
	return data(
		{ me: { name: me.name }, flash, stream: liveStream(getServices(context), userStream(me.userId)) },
		clearHeader ? { headers: { 'Set-Cookie': clearHeader } } : undefined,
	)
}

export default function WorkLayout() {
	const { me, flash: arrived, stream } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	const flash = useKeptFlash(arrived, useLocation().key)
	useReloadOnStream(stream)
	return (
		<div className="min-h-screen bg-slate-50" data-controller="work" {...streamAttributes(stream)}>
			<a
				href="#main"
				className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
			>
				{t('nav.skip')}
			</a>
			<WorkHeader name={me.name} />
			<main id="main" className="mx-auto max-w-4xl px-4 py-6">
				<FlashMessage flash={flash} />
				<Outlet />
			</main>
		</div>
	)
}

function WorkHeader({ name }: { name: string }) {
	const { t } = useAdminI18n()
	return (
		<header className="border-b border-slate-300 bg-white">
			<div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
				<Link to="/work" className="text-lg font-bold text-teal-800">
					{t('work.brand')}
				</Link>
				<div className="flex flex-wrap items-center gap-4 text-sm">
					<span>{name}</span>
					<LanguageSwitch action="/work/language" />
					<LogOut action="/work/logout" />
				</div>
			</div>
		</header>
	)
}

export function ErrorBoundary() {
	return <AreaErrorPage home="/work" homeLabel="work.title" login="/work/login" suffix="" forbidden="work.forbidden" />
}
