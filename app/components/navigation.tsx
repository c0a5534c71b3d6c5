import * as NavigationMenu from '@radix-ui/react-navigation-menu'
import { NavLink } from 'react-router'
import { pathFor } from '#app/utils/locales.ts'
import { useI18n } from './i18n.tsx'

export type MenuPage = { title: string; slug: string }

// A string, not NavLink's function form: Radix's Slot passes className through as it is.
const linkClass =
	'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-[current=page]:text-teal-800 aria-[current=page]:underline'

export function Navigation({ menuPages }: { menuPages: MenuPage[] }) {
	const { locale, t } = useI18n()
	const links = [
		{ to: pathFor('prices', locale), label: t('nav.prices') },
		{ to: pathFor('order', locale), label: t('nav.order') },
		{ to: pathFor('faq', locale), label: t('nav.faq') },
		{ to: pathFor('about', locale), label: t('nav.about') },
		{ to: pathFor('contact', locale), label: t('nav.contact') },
	]
	return (
		<NavigationMenu.Root data-controller="navigation" aria-label={t('nav.label')} className="relative">
			<NavigationMenu.List className="flex flex-wrap items-center gap-1">
				{menuPages.length > 0 && (
					<NavigationMenu.Item>
						<NavigationMenu.Trigger className="group flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700">
							{t('nav.services')}
							<span aria-hidden className="transition-transform group-data-[state=open]:rotate-180">
								▾
							</span>
						</NavigationMenu.Trigger>
						<NavigationMenu.Content className="absolute left-0 top-full z-50 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
							<ul>
								{menuPages.map((page) => (
									<li key={page.slug}>
										<NavigationMenu.Link asChild>
											<NavLink to={pathFor('page', locale, { slug: page.slug })} className={linkClass}>
												{page.title}
											</NavLink>
										</NavigationMenu.Link>
									</li>
								))}
							</ul>
						</NavigationMenu.Content>
					</NavigationMenu.Item>
				)}
				{links.map((link) => (
					<NavigationMenu.Item key={link.to}>
						<NavigationMenu.Link asChild>
							<NavLink to={link.to} className={linkClass}>
								{link.label}
							</NavLink>
						</NavigationMenu.Link>
					</NavigationMenu.Item>
				))}
			</NavigationMenu.List>
		</NavigationMenu.Root>
	)
}
