import { useEffect, useId, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { pathFor } from '#app/utils/locales.ts'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

export type MenuPage = { title: string; slug: string }

const linkClass =
	'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-[current=page]:text-teal-800 aria-[current=page]:underline'

// The same for every visitor (the shared page cache holds these pages): signed out, the account's
// page asks for the e-mail to send a sign-in link to, and comes back to the account after.
const accountClass = 'border border-teal-700 text-teal-800'

// The spec's navigation: the main menu, with the content pages under "Services" (a disclosure that
// Esc, a click elsewhere or leaving it closes). On phones the menu sits behind a menu button: a
// native popover, so it opens and light-dismisses before the page's script has loaded too.
export function Navigation({ menuPages }: { menuPages: MenuPage[] }) {
	const { locale, t } = useI18n()
	const id = useId()
	const menu = useRef<HTMLDivElement>(null)
	const [isMenuOpen, setIsMenuOpen] = useState(false)
	const { pathname } = useLocation()
	const links = [
		{ to: pathFor('prices', locale), label: t('nav.prices') },
		{ to: pathFor('order', locale), label: t('nav.order') },
		{ to: pathFor('faq', locale), label: t('nav.faq') },
		{ to: pathFor('about', locale), label: t('nav.about') },
		{ to: pathFor('contact', locale), label: t('nav.contact') },
	]
	// A page reached from the menu closes it.
	useEffect(() => {
		if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
	}, [pathname])

	return (
		<>
			<Button variant="bare"
				type="button"
				popoverTarget={`${id}-menu`}
				aria-expanded={isMenuOpen}
				aria-controls={`${id}-menu`}
				data-nav-toggle
				className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 md:hidden"
			>
				<span aria-hidden="true">☰ </span>
				{t('nav.menu')}
			</Button>
			<div
				ref={menu}
				id={`${id}-menu`}
				popover="auto"
				onToggle={(event) => setIsMenuOpen((event.nativeEvent as ToggleEvent).newState === 'open')}
				className="nav-menu"
			>
				<nav data-controller="navigation" aria-label={t('nav.label')}>
					<ul className="flex flex-col gap-1 md:flex-row md:flex-wrap md:items-center">
						{menuPages.length > 0 && <ServicesMenu pages={menuPages} />}
						{links.map((link) => (
							<li key={link.to}>
								<NavLink to={link.to} className={linkClass}>
									{link.label}
								</NavLink>
							</li>
						))}
						<li data-nav-account className="md:ml-2">
							<NavLink to={pathFor('account', locale)} className={`${linkClass} ${accountClass}`}>
								<span aria-hidden="true">👤 </span>
								{t('nav.account')}
							</NavLink>
						</li>
					</ul>
				</nav>
			</div>
		</>
	)
}

function ServicesMenu({ pages }: { pages: MenuPage[] }) {
	const { locale, t } = useI18n()
	const id = useId()
	const item = useRef<HTMLLIElement>(null)
	const button = useRef<HTMLButtonElement>(null)
	const { pathname } = useLocation()
	// Open on the page where it was opened: reaching another page closes it.
	const [openOn, setOpenOn] = useState<string | null>(null)
	const isOpen = openOn === pathname
	const setIsOpen = (open: boolean) => setOpenOn(open ? pathname : null)
	useEffect(() => {
		if (!isOpen) return
		const closeOutside = (event: Event) => item.current?.contains(event.target as Node) || setOpenOn(null)
		const closeOnEscape = (event: KeyboardEvent) => {
			if (event.key !== 'Escape' || !item.current?.contains(document.activeElement)) return
			// Only the submenu closes; the phone menu around it stays.
			event.stopPropagation()
			event.preventDefault()
			setOpenOn(null)
			button.current?.focus()
		}
		document.addEventListener('pointerdown', closeOutside)
		document.addEventListener('focusin', closeOutside)
		document.addEventListener('keydown', closeOnEscape, { capture: true })
		return () => {
			document.removeEventListener('pointerdown', closeOutside)
			document.removeEventListener('focusin', closeOutside)
			document.removeEventListener('keydown', closeOnEscape, { capture: true })
		}
	}, [isOpen])
	return (
		<li ref={item} className="relative">
			<Button variant="bare"
				ref={button}
				type="button"
				aria-expanded={isOpen}
				aria-controls={`${id}-pages`}
				onClick={() => setIsOpen(!isOpen)}
				className="group flex w-full items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
			>
				{t('nav.services')}
				<span aria-hidden className="transition-transform group-aria-expanded:rotate-180">
					▾
				</span>
			</Button>
			<ul
				id={`${id}-pages`}
				hidden={!isOpen}
				className="z-50 pl-4 md:absolute md:top-full md:left-0 md:mt-1 md:w-64 md:rounded-lg md:border md:border-slate-200 md:bg-white md:p-2 md:shadow-lg"
			>
				{pages.map((page) => (
					<li key={page.slug}>
						<NavLink to={pathFor('page', locale, { slug: page.slug })} className={linkClass}>
							{page.title}
						</NavLink>
					</li>
				))}
			</ul>
		</li>
	)
}
