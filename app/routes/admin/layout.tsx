import { useState } from 'react'
import { FlashMessage, useKeptFlash } from '#app/components/admin/flash.tsx'
import { AreaErrorPage } from '#app/components/admin/error-page.tsx'
import { LanguageSwitch, LogOut } from '#app/components/admin/area-header.tsx'
import { data, Link, NavLink, Outlet, useLoaderData, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { areaOfPath, mayOpen, type StaffRole } from '#app/models/staff/roles.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { takeFlash } from '#app/http/flash.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import { Button } from '#app/components/ui/button.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	const staff = requireStaff(request, context)
	const { flash, clearHeader } = await takeFlash(request, context)
	return data(
		{ staff: { name: staff.name, role: staff.role }, flash },
		clearHeader ? { headers: { 'Set-Cookie': clearHeader } } : undefined,
	)
}

// Each staff member sees what their role opens (app/models/staff/roles.ts).
const NAVIGATION: { to: string; label: AdminMessageKey }[] = [
	{ to: '/admin', label: 'nav.dashboard' },
	{ to: '/admin/todo', label: 'nav.todo' },
	{ to: '/admin/requests', label: 'nav.requests' },
	{ to: '/admin/orders', label: 'nav.orders' },
	{ to: '/admin/invoices', label: 'nav.invoices' },
	{ to: '/admin/customers', label: 'nav.customers' },
	{ to: '/admin/payables', label: 'nav.payables' },
	{ to: '/admin/translators', label: 'nav.translators' },
	{ to: '/admin/pages', label: 'pages.title' },
	{ to: '/admin/faq', label: 'faq.title' },
	{ to: '/admin/faq-categories', label: 'faqCategories.title' },
	{ to: '/admin/team', label: 'team.title' },
	{ to: '/admin/slides', label: 'slides.title' },
	{ to: '/admin/photos', label: 'media.photos' },
	{ to: '/admin/content_files', label: 'media.files' },
	{ to: '/admin/languages', label: 'languages.title' },
	{ to: '/admin/prices', label: 'prices.title' },
	{ to: '/admin/translations', label: 'translations.title' },
	{ to: '/admin/settings', label: 'settings.title' },
	{ to: '/admin/analytics', label: 'analytics.title' },
	{ to: '/admin/users', label: 'users.title' },
	{ to: '/admin/audit', label: 'audit.title' },
	{ to: '/admin/backups', label: 'nav.backups' },
]

export default function AdminLayout() {
	const { staff, flash: arrived } = useLoaderData<typeof loader>()
	const { t } = useAdminI18n()
	const location = useLocation()
	const flash = useKeptFlash(arrived, location.key)
	const [isMenuOpen, setIsMenuOpen] = useState(false)
	const items = NAVIGATION.filter((item) => mayOpen(staff.role, areaOfPath(item.to) ?? 'staff'))
	const current = items.find(
		(item) => location.pathname === item.to || (item.to !== '/admin' && location.pathname.startsWith(`${item.to}/`)),
	)
	return (
		<div className="min-h-screen bg-slate-50">
			<a
				href="#main"
				className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
			>
				{t('nav.skip')}
			</a>
			<AdminHeader staff={staff} />
			<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
				<nav aria-label={t('nav.label')} className="md:w-52 md:shrink-0">
					{/* On a phone the menu folds behind one button that names the page you are on. */}
					<Button
						variant="bare"
						type="button"
						data-admin-menu-toggle
						aria-expanded={isMenuOpen}
						aria-controls="admin-menu"
						onClick={() => setIsMenuOpen(!isMenuOpen)}
						className="flex w-full items-center justify-between rounded-md border border-slate-400 bg-white px-3 py-2 font-semibold md:hidden"
					>
						<span>
							{t('nav.menu')}
							{current && <span className="font-normal text-slate-700"> · {t(current.label)}</span>}
						</span>
						<span aria-hidden="true">{isMenuOpen ? '▴' : '▾'}</span>
					</Button>
					<ul
						id="admin-menu"
						data-admin-menu
						className={`${isMenuOpen ? 'flex' : 'hidden'} mt-2 flex-col gap-1 md:mt-0 md:flex`}
					>
						{items.map((item) => (
							<li key={item.to}>
								<NavLink
									to={item.to}
									end={item.to === '/admin'}
									onClick={() => setIsMenuOpen(false)}
									className={({ isActive }) =>
										`block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-teal-800 text-white' : 'text-slate-800 hover:bg-slate-200'}`
									}
								>
									{t(item.label)}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<main id="main" className="min-w-0 flex-1">
					<FlashMessage flash={flash} />
					<Outlet />
				</main>
			</div>
		</div>
	)
}

// The bar above every admin page: who is signed in, the other language, the site, signing out.
function AdminHeader({ staff }: { staff: { name: string; role: StaffRole } }) {
	const { t } = useAdminI18n()
	return (
		<header className="border-b border-slate-300 bg-white">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
				<Link to="/admin" className="text-lg font-bold text-teal-800">
					Tolk admin
				</Link>
				<div className="flex flex-wrap items-center gap-4 text-sm">
					<span>
						{staff.name} · {t(`roles.${staff.role}`)}
					</span>
					<LanguageSwitch action="/admin/language" />
					<Link to="/" className="text-teal-800 underline">
						{t('nav.viewSite')}
					</Link>
					<LogOut action="/admin/logout" />
				</div>
			</div>
		</header>
	)
}

export function ErrorBoundary() {
	return <AreaErrorPage home="/admin" homeLabel="nav.dashboard" login="/admin/login" suffix=" · Tolk admin" />
}
